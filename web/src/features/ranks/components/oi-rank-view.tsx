import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { BarChart } from '@/components/charts/bar-chart';
import { paths } from '@/config/paths';
import { getOiRankList } from '../api/get-rank-list';
import { RankPageFrame } from './rank-page-frame';
import { RankTable } from './rank-table';
import { useRankPage } from './use-rank-page';

/** /oi-rank (spec 000 §2.7): score desc, then AC desc. */
export const OiRankView = () => {
  const { t } = useTranslation('ranks');
  const rank = useRankPage(getOiRankList);
  return (
    <RankPageFrame
      title={t('oiTitle')}
      rank={rank}
      chart={
        <BarChart
          testId="rank-chart"
          title={t('topTen')}
          categories={rank.topTen.map((row) => row.username)}
          series={[{ name: t('columns.score'), color: '#7950f2', values: rank.topTen.map((row) => row.score) }]}
        />
      }
      table={
        <RankTable
          rows={rank.rows}
          firstRank={rank.firstRank}
          figures={[
            { key: 'score', header: t('columns.score'), bold: true, cell: (row) => row.score },
            {
              key: 'ac',
              header: t('columns.ac'),
              cell: (row) => (
                <Anchor component={Link} href={paths.status({ status: 0, uid: row.uid })}>
                  {row.ac}
                </Anchor>
              ),
            },
            { key: 'total', header: t('columns.total'), visibleFrom: 'sm', cell: (row) => row.total },
          ]}
        />
      }
    />
  );
};
