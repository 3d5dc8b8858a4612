import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { websiteConfig } from '@/features/site/state/website-config';
import { LanguageCommands } from './language-commands';

/** Spec 000 §2.7: the about page with four feature cards, then the languages and their commands (issue 11). */
const features = [
  { key: 'distributed', mark: '⇄', color: 'indigo' },
  { key: 'customization', mark: '✎', color: 'teal' },
  { key: 'security', mark: 'shield', color: 'red' },
  { key: 'diversity', mark: '✦', color: 'grape' },
] as const;

/** No bundled font has a shield glyph, so it is drawn. */
const ShieldMark = () => (
  <svg width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2}>
    <path d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6z" />
  </svg>
);

export const IntroductionView = () => {
  const { t } = useTranslation('introduction');
  const config = useSnapshot(websiteConfig);
  return (
    <Container size="lg" py="xl">
      <Stack align="center" gap="xs" mb="xl">
        <Title order={2} ta="center">
          {t('title', { site: config.shortName || config.name })}
        </Title>
        <Text c="dimmed" ta="center" maw={640}>
          {t('lead')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
        {features.map((feature) => (
          <Card key={feature.key} withBorder radius="md" padding="lg" data-testid="feature-card">
            <ThemeIcon size={44} radius="md" color={feature.color} variant="light" mb="sm">
              {feature.mark === 'shield' ? <ShieldMark /> : <Text fz={22}>{feature.mark}</Text>}
            </ThemeIcon>
            <Text fw={600} mb={4}>
              {t(`features.${feature.key}.title`)}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`features.${feature.key}.text`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <LanguageCommands />
    </Container>
  );
};
