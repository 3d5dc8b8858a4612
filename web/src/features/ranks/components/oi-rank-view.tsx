import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { BarChart } from '../../../components/charts/bar-chart';
import { paths } from '../../../config/paths';
import { getOiRankList } from '../api/get-rank-list';
import { RankPageFrame } from './rank-page-frame';
import { useRankPage } from './use-rank-page';
import { UserCell } from './user-cell';

/** /oi-rank (spec 000 §2.7): score desc, then AC desc. */
export const OiRankView = () => {
  const { t } = useTranslation('ranks');
  const rank = useRankPage(getOiRankList);
  const top = rank.page === 1 ? rank.rows.slice(0, 10) : [];
  return (
    <RankPageFrame
      title={t('oiTitle')}
      total={rank.total}
      page={rank.page}
      onPage={rank.setPage}
      onSearch={rank.search}
      chart={
        <BarChart
          testId="rank-chart"
          title={t('topTen')}
          categories={top.map((row) => row.username)}
          series={[{ name: t('columns.score'), color: '#7950f2', values: top.map((row) => row.score) }]}
        />
      }
      table={
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing={6} striped highlightOnHover data-testid="rank-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>{t('columns.rank')}</Table.Th>
                <Table.Th>{t('columns.user')}</Table.Th>
                <Table.Th visibleFrom="md">{t('columns.signature')}</Table.Th>
                <Table.Th ta="right">{t('columns.score')}</Table.Th>
                <Table.Th ta="right">{t('columns.ac')}</Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  {t('columns.total')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rank.rows.map((row, index) => (
                <Table.Tr key={row.uid} data-testid="rank-row" data-uid={row.uid} data-rank={rank.firstRank + index}>
                  <Table.Td fw={600}>{rank.firstRank + index}</Table.Td>
                  <Table.Td>
                    <UserCell user={row} />
                  </Table.Td>
                  <Table.Td visibleFrom="md" maw={280}>
                    <Text size="xs" c="dimmed" truncate>
                      {row.signature}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {row.score}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Anchor component={Link} href={paths.status({ status: 0, uid: row.uid })}>
                      {row.ac}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {row.total}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      }
    />
  );
};
