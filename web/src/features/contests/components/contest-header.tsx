import { Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date-format';
import { countdown, progressPercent } from '../contest-rules';
import type { ContestView } from './use-contest';
import { ContestStatusTag } from './contest-status-tag';

/** The shell's title card: rule, auth, times, the server-aligned countdown and the progress bar. */
export const ContestHeader = ({ view }: { view: ContestView }) => {
  const { t } = useTranslation('contests');
  const { contest, nowMs } = view;
  const clock = countdown(contest, nowMs);
  const clockText =
    clock.kind === 'ended'
      ? t('clock.ended')
      : clock.kind === 'startsAt'
        ? t('clock.startsAt', { days: clock.days })
        : clock.text;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} data-testid="contest-title">
            {contest.title}
          </Title>
          <Group gap="xs">
            <Badge variant="outline">{t(`type.${contest.type === 1 ? 'oi' : 'acm'}`)}</Badge>
            <Badge variant="outline" color={contest.auth === 1 ? 'red' : contest.auth === 2 ? 'orange' : 'blue'}>
              {t(`auth.${contest.auth === 1 ? 'private' : contest.auth === 2 ? 'protected' : 'public'}`)}
            </Badge>
            <ContestStatusTag status={view.status} />
          </Group>
        </Group>
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('header.start')}: {formatDateTime(contest.startTime)} · {t('header.end')}:{' '}
            {formatDateTime(contest.endTime)}
          </Text>
          <Text size="sm" fw={600} ff="monospace" data-testid="contest-clock">
            {clockText}
          </Text>
        </Group>
        <Progress value={progressPercent(contest, nowMs)} size="sm" color={view.status === 1 ? 'red' : 'green'} />
      </Stack>
    </Card>
  );
};
