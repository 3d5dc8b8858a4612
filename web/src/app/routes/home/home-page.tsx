import { Button, Card, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { getHomeCarousel } from '@/features/home/api/get-home-carousel';
import { AnnouncementPanel } from '@/features/home/components/announcement-panel';
import { HomeCarousel } from '@/features/home/components/home-carousel';
import { RecentContestsCard } from '@/features/home/components/recent-contests-card';
import { RecentProblemsCard } from '@/features/home/components/recent-problems-card';
import { RemoteJudgesCard } from '@/features/home/components/remote-judges-card';
import { SevenDayRankCard } from '@/features/home/components/seven-day-rank-card';
import { WeekStatisticsCard } from '@/features/home/components/week-statistics-card';
import { websiteConfig } from '@/features/site/state/website-config';
import { useRemote } from '@/lib/use-remote';

/** A welcome banner when no carousel image is configured yet. */
const WelcomeBanner = () => {
  const { t } = useTranslation('home');
  const config = useSnapshot(websiteConfig);
  return (
    <Card
      radius="lg"
      padding="xl"
      mb="lg"
      style={{ background: 'linear-gradient(135deg, var(--mantine-color-indigo-6), var(--mantine-color-cyan-6))' }}
      c="white"
    >
      <Stack gap="sm" maw={640}>
        <Title order={1} fz={{ base: 26, sm: 36 }}>
          {t('hero.title', { site: config.name })}
        </Title>
        <Text fz="lg" opacity={0.9}>
          {config.description || t('hero.tagline')}
        </Text>
        <Group mt="sm">
          <Button component={Link} href={paths.problems()} variant="white" color="indigo">
            {t('hero.startSolving')}
          </Button>
          <Button component={Link} href={paths.contests()} variant="outline" color="white">
            {t('hero.seeContests')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};

/** Spec 000 §2.2: carousel, announcements, weekly statistics, recent problems and contests, 7-day rank, remote judges. */
export const HomePage = () => {
  const carousel = useRemote(getHomeCarousel, []);
  const images = carousel.data ?? [];
  return (
    <Container size="xl" py="lg">
      {images.length > 0 ? <HomeCarousel images={images} /> : carousel.isLoading ? null : <WelcomeBanner />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <AnnouncementPanel />
            <WeekStatisticsCard />
            <RecentProblemsCard />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <RecentContestsCard />
            <SevenDayRankCard />
            <RemoteJudgesCard />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
};
