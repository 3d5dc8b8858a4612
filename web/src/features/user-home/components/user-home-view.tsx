import { ActionIcon, Card, Container, Group, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '@/components/markdown/markdown-view';
import { useRemote } from '@/lib/use-remote';
import { getCalendarHeatmap, getUserHome, type UserLookup } from '../api/get-user-home';
import { CalendarHeatmap } from './calendar-heatmap';
import { ProfileSummary } from './profile-summary';
import { SolvedProblems } from './solved-problems';

/** /user-home?uid= or ?username= (spec 000 §2.6), with a refresh button. */
export const UserHomeView = ({ lookup }: { lookup: UserLookup }) => {
  const { t } = useTranslation('userHome');
  const home = useRemote(() => getUserHome(lookup), [lookup.uid, lookup.username]);
  const heatmap = useRemote(() => getCalendarHeatmap(lookup), [lookup.uid, lookup.username]);
  const refresh = () => {
    home.reload();
    heatmap.reload();
  };
  const user = home.data;
  if (!user) {
    return (
      <Container size="lg" py="xl">
        <Text c="dimmed" ta="center">
          {home.hasFailed ? t('notFound') : t('loading')}
        </Text>
      </Container>
    );
  }
  return (
    <Container size="lg" py="lg" mt={60}>
      <Card withBorder radius="md" padding="lg" style={{ overflow: 'visible' }} data-testid="user-home">
        <Group justify="flex-end">
          <ActionIcon variant="default" aria-label={t('refresh')} onClick={refresh} data-testid="user-home-refresh">
            ↻
          </ActionIcon>
        </Group>
        <ProfileSummary user={user} />
        <Title order={5} mt="lg" mb="xs">
          {t('heatmap.title')}
        </Title>
        {heatmap.data && <CalendarHeatmap endDate={heatmap.data.endDate} dataList={heatmap.data.dataList} />}
        <Tabs defaultValue="profile" mt="lg">
          <Tabs.List>
            <Tabs.Tab value="profile">{t('tabs.profile')}</Tabs.Tab>
            <Tabs.Tab value="solved">{t('tabs.solved')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="profile" pt="md">
            {user.signature ? (
              <MarkdownView source={user.signature} testId="user-signature" />
            ) : (
              <Text c="dimmed" ta="center" py="md" data-testid="user-signature">
                {t('notSet')}
              </Text>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="solved" pt="md">
            <SolvedProblems groups={user.solvedGroupByDifficulty} />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Container>
  );
};
