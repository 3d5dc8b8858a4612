import { Card, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BarChart } from '@/components/charts/bar-chart';
import { isAcmRow, type RankRow } from '../api/rank-schemas';
import { displayName } from '../scoreboard-cells';

/**
 * The top 10 (reference §1.1: the rows after the pinned ones) as bars of solved count or total score, drawn like
 * the site ranks' top 10. A board with nothing solved yet (or sealed from the start) has nothing to chart.
 */
export const TopTenChart = ({ rows, rankShowName }: { rows: readonly RankRow[]; rankShowName?: string | null }) => {
  const { t } = useTranslation('contests');
  const values = rows.map((row) => (isAcmRow(row) ? row.ac : row.totalScore));
  if (!values.some((value) => value > 0)) return null;
  const isAcm = rows.every(isAcmRow);
  return (
    <Card withBorder radius="md" padding="md" data-testid="top-ten-chart">
      <Text fw={600} size="sm" mb="xs">
        {t('rank.chartTitle')}
      </Text>
      <BarChart
        height={160}
        title={t('rank.chartTitle')}
        categories={rows.map((row) => displayName(row, rankShowName))}
        series={[{ name: t(isAcm ? 'rank.solved' : 'rank.totalScore'), color: '#40c057', values }]}
      />
    </Card>
  );
};
