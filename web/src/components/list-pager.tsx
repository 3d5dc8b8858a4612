import { Group, Pagination } from '@mantine/core';

/** Pages of a list; absent while everything fits on one page, as HOJ's lists do. */
export const ListPager = ({
  total,
  pageSize,
  page,
  onPage,
  justify = 'center',
}: {
  total: number;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  justify?: 'center' | 'flex-start';
}) =>
  total > pageSize ? (
    <Group justify={justify} mt="md">
      <Pagination total={Math.ceil(total / pageSize)} value={page} onChange={onPage} />
    </Group>
  ) : null;
