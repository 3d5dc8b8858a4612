import type { ReactNode } from 'react';
import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '@/lib/date-format';
import { useRemote } from '@/lib/use-remote';
import { session } from '@/stores/session';
import { getDashboardInfo, getPreviousSession } from '../api/admin-dashboard';
import { summarizeUserAgent } from '../user-agent-summary';
import { QuarantinedEventsAlert } from './quarantined-events-alert';

const Figure = ({ label, value, testId }: { label: string; value: number | undefined; testId: string }) => (
  <Card withBorder radius="md" padding="lg">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text fz={32} fw={700} lh={1.2} data-testid={testId}>
      {value ?? '--'}
    </Text>
  </Card>
);

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Group gap={6} wrap="nowrap" align="baseline">
    <Text size="sm" c="dimmed" miw={72}>
      {label}
    </Text>
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </Group>
);

/** /admin and /admin/dashboard (admin §5.1): who is signed in, their previous login, and the site's figures. */
export const AdminDashboard = () => {
  const { t } = useTranslation('adminHome');
  const { user } = useSnapshot(session);
  const info = useRemote(getDashboardInfo, []);
  const previous = useRemote(getPreviousSession, []);
  const login = previous.data;
  const agent = login ? summarizeUserAgent(login.userAgent) : null;
  return (
    <Stack gap="lg" py="lg">
      <Title order={2} fz={22}>
        {t('dashboard.title')}
      </Title>
      <QuarantinedEventsAlert />
      <Card withBorder radius="md" padding="lg">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Avatar src={user?.avatar ?? null} alt={user?.username} radius="xl" size={64} color="indigo">
            {user?.username.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
            <Group gap="xs">
              <Text fw={700} fz="lg" data-testid="dashboard-username">
                {user?.username}
              </Text>
              {user?.roleList.map((role) => (
                <Badge key={role} variant="light">
                  {role}
                </Badge>
              ))}
            </Group>
            <Text size="sm" fw={600} mt={4}>
              {t('dashboard.previousLogin')}
            </Text>
            {login ? (
              <Stack gap={2} data-testid="dashboard-previous-login">
                <Fact label={t('dashboard.loginTime')}>{formatDateTime(login.gmtCreate)}</Fact>
                <Fact label={t('dashboard.loginIp')}>{login.ip}</Fact>
                <Fact label={t('dashboard.browser')}>{agent?.browser ?? t('dashboard.unknown')}</Fact>
                <Fact label={t('dashboard.system')}>{agent?.system ?? t('dashboard.unknown')}</Fact>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {previous.isLoading ? '…' : t('dashboard.noLogin')}
              </Text>
            )}
          </Stack>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Figure label={t('dashboard.userNum')} value={info.data?.userNum} testId="dashboard-user-num" />
        <Figure
          label={t('dashboard.recentContestNum')}
          value={info.data?.recentContestNum}
          testId="dashboard-recent-contest-num"
        />
        <Figure
          label={t('dashboard.todayJudgeNum')}
          value={info.data?.todayJudgeNum}
          testId="dashboard-today-judge-num"
        />
      </SimpleGrid>
    </Stack>
  );
};
