import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { BarChart } from '@/components/charts/bar-chart';
import { paths } from '@/config/paths';
import { getAcmRankList } from '../api/get-rank-list';
import { acRateText } from '../rank-figures';
import { RankPageFrame } from './rank-page-frame';
import { RankTable } from './rank-table';
import { useRankPage } from './use-rank-page';

/** /acm-rank (spec 000 §2.7): AC desc, submissions asc; the AC count links to the user's accepted submissions. */
export const AcmRankView = () => {
  const { t } = useTranslation('ranks');
  const rank = useRankPage(getAcmRankList);
  return (
    <RankPageFrame
      title={t('acmTitle')}
      rank={rank}
      chart={
        <BarChart
          testId="rank-chart"
          title={t('topTen')}
          categories={rank.topTen.map((row) => row.username)}
          series={[
            { name: t('columns.ac'), color: '#40c057', values: rank.topTen.map((row) => row.ac) },
            { name: t('columns.total'), color: '#74c0fc', values: rank.topTen.map((row) => row.total ?? 0) },
          ]}
        />
      }
      table={
        <RankTable
          rows={rank.rows}
          firstRank={rank.firstRank}
          figures={[
            {
              key: 'ac',
              header: t('columns.ac'),
              cell: (row) => (
                <Anchor component={Link} href={paths.status({ status: 0, uid: row.uid })} data-testid="rank-ac">
                  {row.ac}
                </Anchor>
              ),
            },
            { key: 'total', header: t('columns.total'), visibleFrom: 'sm', cell: (row) => row.total },
            {
              key: 'rate',
              header: t('columns.rate'),
              visibleFrom: 'sm',
              cell: (row) => acRateText(row.ac, row.total ?? 0),
            },
          ]}
        />
      }
    />
  );
};
