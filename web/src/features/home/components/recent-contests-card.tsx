import { Anchor, Card, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/date-format';
import { showToast } from '@/lib/toast';
import { useRemote } from '@/lib/use-remote';
import { openAuthDialog } from '@/stores/auth-dialog';
import { session } from '@/stores/session';
import { getRecentContests, getRecentOtherContests } from '../api/get-recent-contests';

/** Spec 000 §2.2: a signed-out click on a contest warns 'Please login first' and opens the login dialog. */
export const RecentContestsCard = () => {
  const { t } = useTranslation('home');
  const { token } = useSnapshot(session);
  const [, navigate] = useLocation();
  const contests = useRemote(getRecentContests, []);
  const others = useRemote(getRecentOtherContests, []);
  const open = (contestId: string | number) => {
    if (!token) {
      showToast('warning', t('contests.loginFirst'));
      openAuthDialog('login');
      return;
    }
    navigate(paths.contest(contestId));
  };
  const ownRows = contests.data ?? [];
  const otherRows = others.data ?? [];
  return (
    <Card withBorder radius="md" padding="lg" data-testid="recent-contests">
      <Title order={4} mb="sm">
        {t('contests.title')}
      </Title>
      {ownRows.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="xs">
          {t('contests.empty')}
        </Text>
      ) : (
        <Stack gap={6}>
          {ownRows.map((contest) => (
            <UnstyledButton key={String(contest.id)} onClick={() => open(contest.id)}>
              <Text size="sm" fw={500}>
                {contest.title}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(contest.startTime)}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
      <Title order={5} mt="md" mb={6}>
        {t('contests.otherTitle')}
      </Title>
      {otherRows.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="xs">
          {t('contests.otherEmpty')}
        </Text>
      ) : (
        <Stack gap={6}>
          {otherRows.map((contest) => (
            <Text key={`${contest.oj ?? ''}-${contest.title}`} size="sm">
              [{contest.oj}]{' '}
              {contest.url ? (
                <Anchor href={contest.url} target="_blank" rel="noopener noreferrer">
                  {contest.title}
                </Anchor>
              ) : (
                contest.title
              )}{' '}
              <Text span size="xs" c="dimmed">
                {formatDateTime(contest.beginTime)}
              </Text>
            </Text>
          ))}
        </Stack>
      )}
    </Card>
  );
};
