import { Badge, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRemote } from '@/lib/use-remote';
import { getContestOutsideInfo } from '@/features/contests/api/get-contest-info';
import { useContestClock } from '@/features/contests/components/use-contest-clock';
import { ContestStatusTag } from '@/features/contests/components/contest-status-tag';
import { showsContainsEnd, statusAt } from '@/features/contests/contest-rules';
import { formatDateTime } from '@/lib/date-format';
import { ScoreboardView } from '@/features/scoreboards/components/scoreboard-view';

/**
 * /contest/acm-scoreboard/:id and /contest/oi-scoreboard/:id: the public board of an openRank contest (the contests
 * feature's info, clock and status tag around the scoreboards feature's board, composed here).
 */
export const OutsideScoreboard = ({ cid }: { cid: string }) => {
  const { t } = useTranslation('contests');
  const remote = useRemote(async () => {
    const info = await getContestOutsideInfo(cid);
    // The board runs on the server's clock (reference §2.1), measured when the reply arrives.
    const offsetMs = info.contest.now ? new Date(info.contest.now).getTime() - Date.now() : 0;
    return { ...info, offsetMs };
  }, [cid]);
  const nowMs = useContestClock(remote.data?.offsetMs ?? 0);
  if (remote.hasFailed) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('board.failed')}
      </Text>
    );
  }
  if (!remote.data) {
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }
  const { contest, problemList } = remote.data;
  return (
    <Container size="xl" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Card withBorder radius="md" padding="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={3}>{contest.title}</Title>
            <Group gap="xs">
              <Badge variant="outline">{t(`type.${contest.type === 1 ? 'oi' : 'acm'}`)}</Badge>
              <ContestStatusTag status={statusAt(contest, nowMs)} />
            </Group>
          </Group>
          <Text size="sm" c="dimmed">
            {formatDateTime(contest.startTime)} – {formatDateTime(contest.endTime)}
          </Text>
        </Card>
        <ScoreboardView
          contest={contest}
          problems={problemList}
          nowMs={nowMs}
          isAdmin={false}
          isOutside
          offersContainsEnd={showsContainsEnd(contest, nowMs)}
        />
      </Stack>
    </Container>
  );
};
