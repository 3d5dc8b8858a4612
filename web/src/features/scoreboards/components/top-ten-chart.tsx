import { Card, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isAcmRow, type RankRow } from '../api/rank-schemas';
import { displayName } from '../scoreboard-cells';

/** The top 10 (reference §1.1: the rows after the pinned ones) as bars of solved count or total score. */
export const TopTenChart = ({ rows, rankShowName }: { rows: readonly RankRow[]; rankShowName?: string | null }) => {
  const { t } = useTranslation('contests');
  if (rows.length === 0) return null;
  const valueOf = (row: RankRow) => (isAcmRow(row) ? row.ac : row.totalScore);
  const top = Math.max(1, ...rows.map(valueOf));
  return (
    <Card withBorder radius="md" padding="md" data-testid="top-ten-chart">
      <Text fw={600} size="sm" mb="xs">
        {t('rank.chartTitle')}
      </Text>
      <Stack gap={4}>
        {rows.map((row, index) => (
          <Group key={`${row.uid}-${index}`} gap="xs" wrap="nowrap">
            <Text size="xs" w={120} truncate="end">
              {displayName(row, rankShowName)}
            </Text>
            <Progress value={(valueOf(row) / top) * 100} style={{ flex: 1 }} color={index < 3 ? 'yellow' : 'blue'} />
            <Text size="xs" w={40} ta="right">
              {valueOf(row)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
};
