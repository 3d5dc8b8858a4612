import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserCell } from '@/components/user-cell';

type RankedUser = Parameters<typeof UserCell>[0]['user'] & { signature: string | null };

/** A figure column right of the user: the ACM and OI ranks differ only in these. */
export interface RankFigureColumn<Row> {
  readonly key: string;
  readonly header: ReactNode;
  readonly cell: (row: Row) => ReactNode;
  /** Hidden below this breakpoint, so the phone view keeps rank, user and the deciding figures. */
  readonly visibleFrom?: 'sm';
  readonly bold?: boolean;
}

/** Rank, user and signature, then the rank's own figures; rows carry data-rank and data-uid for the specs. */
export const RankTable = <Row extends RankedUser>({
  rows,
  firstRank,
  figures,
}: {
  rows: readonly Row[];
  firstRank: number;
  figures: readonly RankFigureColumn<Row>[];
}) => {
  const { t } = useTranslation('ranks');
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing={6} striped highlightOnHover data-testid="rank-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>{t('columns.rank')}</Table.Th>
            <Table.Th>{t('columns.user')}</Table.Th>
            <Table.Th visibleFrom="md">{t('columns.signature')}</Table.Th>
            {figures.map((figure) => (
              <Table.Th key={figure.key} ta="right" visibleFrom={figure.visibleFrom}>
                {figure.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={row.uid} data-testid="rank-row" data-uid={row.uid} data-rank={firstRank + index}>
              <Table.Td fw={600}>{firstRank + index}</Table.Td>
              <Table.Td>
                <UserCell user={row} />
              </Table.Td>
              <Table.Td visibleFrom="md" maw={280}>
                <Text size="xs" c="dimmed" truncate>
                  {row.signature}
                </Text>
              </Table.Td>
              {figures.map((figure) => (
                <Table.Td
                  key={figure.key}
                  ta="right"
                  visibleFrom={figure.visibleFrom}
                  fw={figure.bold ? 600 : undefined}
                >
                  {figure.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
