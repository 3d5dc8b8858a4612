import { Card, Container, Group, Pagination, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { rankPageSize } from '../api/get-rank-list';
import type { RankPage } from './use-rank-page';

type Props = {
  title: string;
  chart: ReactNode;
  table: ReactNode;
  rank: Pick<RankPage<unknown>, 'total' | 'page' | 'setPage' | 'search'>;
};

/** The shared frame of /acm-rank and /oi-rank: top-10 chart, search, table and pager. */
export const RankPageFrame = ({ title, chart, table, rank }: Props) => {
  const { total, page } = rank;
  const { t } = useTranslation('ranks');
  const isSmall = useMediaQuery('(max-width: 767px)');
  const [text, setText] = useState('');
  return (
    <Container size="xl" py="lg">
      <Card withBorder radius="md" padding="lg" mb="lg">
        <Title order={3} ta="center" mb="sm">
          {title}
        </Title>
        {chart}
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('total', { count: total })}
          </Text>
          <TextInput
            placeholder={t('search')}
            aria-label={t('search')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') rank.search(text.trim());
            }}
            onBlur={() => rank.search(text.trim())}
            w={{ base: '100%', xs: 260 }}
            data-testid="rank-search"
          />
        </Group>
        {table}
        {total > rankPageSize && (
          <Group justify="center" mt="md">
            <Pagination
              size={isSmall ? 'sm' : 'md'}
              siblings={isSmall ? 0 : 1}
              total={Math.ceil(total / rankPageSize)}
              value={page}
              onChange={rank.setPage}
            />
          </Group>
        )}
      </Card>
    </Container>
  );
};
