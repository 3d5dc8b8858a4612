import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VerdictCounts } from '@/lib/problem-schemas';
import { verdictShares } from '../problem-list-query';

/** The hover breakdown of a problem's verdicts (spec 000 §2.3). */
export const VerdictBreakdown = ({ counts }: { counts: VerdictCounts }) => {
  const { t } = useTranslation('problems');
  const shares = verdictShares(counts);
  return (
    <Stack gap={2} data-testid="verdict-breakdown">
      <Text size="xs" fw={600}>
        {t('list.submissions', { total: counts.total })}
      </Text>
      {shares.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('list.noSubmissions')}
        </Text>
      )}
      {shares.map((share) => (
        <Group key={share.key} justify="space-between" gap="lg">
          <Text size="xs">{t(`verdicts.${share.key}`)}</Text>
          <Text size="xs">{share.percent}%</Text>
        </Group>
      ))}
    </Stack>
  );
};
