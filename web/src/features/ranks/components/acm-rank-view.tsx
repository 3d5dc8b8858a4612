import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { BarChart } from '../../../components/charts/bar-chart';
import { paths } from '../../../config/paths';
import { getAcmRankList } from '../api/get-rank-list';
import { acRateText } from '../rank-figures';
import { RankPageFrame } from './rank-page-frame';
import { useRankPage } from './use-rank-page';
import { UserCell } from './user-cell';

/** /acm-rank (spec 000 §2.7): AC desc, submissions asc; the AC count links to the user's accepted submissions. */
export const AcmRankView = () => {
  const { t } = useTranslation('ranks');
  const rank = useRankPage(getAcmRankList);
  const top = rank.page === 1 ? rank.rows.slice(0, 10) : [];
  return (
    <RankPageFrame
      title={t('acmTitle')}
      total={rank.total}
      page={rank.page}
      onPage={rank.setPage}
      onSearch={rank.search}
      chart={
        <BarChart
          testId="rank-chart"
          title={t('topTen')}
          categories={top.map((row) => row.username)}
          series={[
            { name: t('columns.ac'), color: '#40c057', values: top.map((row) => row.ac) },
            { name: t('columns.total'), color: '#74c0fc', values: top.map((row) => row.total) },
          ]}
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
                <Table.Th ta="right">{t('columns.ac')}</Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  {t('columns.total')}
                </Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  {t('columns.rate')}
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
                  <Table.Td ta="right">
                    <Anchor component={Link} href={paths.status({ status: 0, uid: row.uid })} data-testid="rank-ac">
                      {row.ac}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {row.total}
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {acRateText(row.ac, row.total)}
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
