import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { websiteConfig } from '@/features/site/state/website-config';
import { recordHref } from './record-href';

/** Spec 000 §2.1: judging queue, system info and introduction, plus the site's record line when configured. */
export const SiteFooter = () => {
  const { t } = useTranslation('nav');
  const config = useSnapshot(websiteConfig);
  const recordUrl = recordHref(config.recordUrl);
  return (
    <Box component="footer" py="lg" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }} bg="gray.0">
      <Container size="xl">
        <Group justify="center" gap="lg">
          <Anchor component={Link} href={paths.status()} size="sm" c="dimmed">
            {t('footer.judgingQueue')}
          </Anchor>
          <Anchor component={Link} href={paths.developer()} size="sm" c="dimmed">
            {t('footer.systemInfo')}
          </Anchor>
          <Anchor component={Link} href={paths.introduction()} size="sm" c="dimmed">
            {t('introduction')}
          </Anchor>
        </Group>
        <Text ta="center" size="xs" c="dimmed" mt="xs">
          {config.recordName && recordUrl ? (
            <Anchor href={recordUrl} target="_blank" rel="noopener" c="dimmed" inherit mr="sm">
              {config.recordName}
            </Anchor>
          ) : null}
          {t('footer.poweredBy', { project: config.projectName })}
        </Text>
      </Container>
    </Box>
  );
};
