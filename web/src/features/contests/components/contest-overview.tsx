import { Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '@/components/markdown/markdown-view';
import { needsPassword } from '../contest-rules';
import { ContestPasswordForm } from './contest-password-form';
import type { ContestView } from './use-contest';

/** The overview tab: the description, a few facts and, for unregistered viewers, the password form. */
export const ContestOverview = ({ view }: { view: ContestView }) => {
  const { t } = useTranslation('contests');
  const { contest } = view;
  return (
    <Stack gap="md">
      {needsPassword(contest, view.isAdmin, view.hasAccess) && (
        <ContestPasswordForm cid={view.cid} onRegistered={view.reload} />
      )}
      {view.hasAccess && contest.auth !== 0 && (
        <Text size="sm" c="teal" data-testid="contest-registered">
          {t('registration.registered')}
        </Text>
      )}
      <Card withBorder radius="md" padding="md">
        <Group gap="xl" mb="sm" wrap="wrap" style={{ rowGap: 'var(--mantine-spacing-xs)' }}>
          <Text size="sm">
            {t('overview.author')}: {contest.author ?? '--'}
          </Text>
          <Text size="sm">
            {t('overview.participants')}: {contest.count ?? 0}
          </Text>
          {contest.sealRank && <Text size="sm">{t('overview.sealed')}</Text>}
        </Group>
        <MarkdownView source={contest.description ?? ''} testId="contest-description" />
      </Card>
    </Stack>
  );
};
