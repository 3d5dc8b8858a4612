import { Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { websiteConfig } from '../../../features/site/state/website-config';

const sections = [
  { key: 'problems', to: paths.problems() },
  { key: 'contests', to: paths.contests() },
  { key: 'training', to: paths.trainings() },
  { key: 'groups', to: paths.groups() },
] as const;

/** The home shell: a welcome and the ways in. The live panels of spec 000 §2.2 arrive with their features. */
export const HomePage = () => {
  const { t } = useTranslation('home');
  const config = useSnapshot(websiteConfig);
  return (
    <Container size="lg" py="xl">
      <Card
        radius="lg"
        padding="xl"
        mb="xl"
        style={{ background: 'linear-gradient(135deg, var(--mantine-color-indigo-6), var(--mantine-color-cyan-6))' }}
        c="white"
      >
        <Stack gap="sm" maw={640}>
          <Title order={1} fz={{ base: 28, sm: 38 }}>
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
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        {sections.map((section) => (
          <Card key={section.key} withBorder radius="md" padding="lg" component={Link} href={section.to}>
            <Text fw={600} mb={4}>
              {t(`sections.${section.key}.title`)}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`sections.${section.key}.description`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Group mt="xl" gap="xs" justify="center">
        <Badge variant="light" color="gray">
          {t('panelsComing')}
        </Badge>
      </Group>
    </Container>
  );
};
