import { Card, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BarChart } from '@/components/charts/bar-chart';
import { useRemote } from '@/lib/use-remote';
import { getWeekStatistics } from '../api/get-week-statistics';

/** Spec 000 §2.2: last week's submissions, all and accepted, per day. */
export const WeekStatisticsCard = () => {
  const { t } = useTranslation('home');
  const statistics = useRemote(getWeekStatistics, []);
  const data = statistics.data;
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={4} mb="sm">
        {t('weekStatistics.title')}
      </Title>
      <BarChart
        testId="week-statistics-chart"
        title={t('weekStatistics.title')}
        categories={data?.dateStrList ?? []}
        series={[
          { name: t('weekStatistics.total'), color: '#74c0fc', values: data?.totalCountList ?? [] },
          { name: t('weekStatistics.accepted'), color: '#40c057', values: data?.acCountList ?? [] },
        ]}
      />
    </Card>
  );
};
