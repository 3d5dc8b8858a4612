import type { ReactNode } from 'react';
import { Alert, Anchor, Box, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/date-format';
import type { Submission } from '../api/submission-schemas';
import { judgeStatus, statusInfo } from '../judge-status';
import { emptyValue, formatLength, formatMemory, formatTime } from '../measures';
import { StatusBadge } from './status-badge';

/** api-core §4: only CE, SE and SF carry a message worth showing; others get a placeholder text. */
const showsMessage = new Set([-2, 4, 10]);

/** The details page's status banner and facts table (spec 000 §2.5), or the sealed notice instead of the facts. */
export const SubmissionBanner = ({ submission }: { submission: Submission }) => {
  const { t } = useTranslation('submissions');
  const info = statusInfo(submission.status);
  // An OI contest's run while its board is sealed: the server sends the status alone (contests §2.10).
  const isSealed = submission.status === judgeStatus.submittedUnknown;
  const facts: [string, ReactNode][] = [
    [
      'problem',
      <Anchor key="p" component={Link} href={paths.problem(submission.displayPid ?? '')}>
        {submission.displayPid ?? emptyValue}
      </Anchor>,
    ],
    [
      'author',
      <Anchor key="a" component={Link} href={paths.userHome({ uid: submission.uid ?? undefined })}>
        {submission.username}
      </Anchor>,
    ],
    ['time', formatTime(submission.time)],
    ['memory', formatMemory(submission.memory)],
    ['length', formatLength(submission.length)],
    ['language', submission.language ?? emptyValue],
    ['score', submission.score ?? emptyValue],
    ['submitTime', formatDateTime(submission.submitTime)],
  ];
  return (
    <Stack gap="sm">
      <Card
        withBorder
        radius="md"
        padding="lg"
        style={{ borderLeft: `6px solid var(--mantine-color-${info.color}-6)` }}
        data-testid="submission-banner"
      >
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <StatusBadge status={submission.status} size="xl" />
            {submission.isManual && (
              <Text size="sm" c="dimmed">
                {t('list.manual')}
              </Text>
            )}
          </Group>
          <Text c="dimmed">{t('detail.runId', { id: submission.submitId })}</Text>
        </Group>
        {isSealed ? (
          <Text mt="md" c="dimmed" data-testid="submission-sealed">
            {t('detail.sealed')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 4 }} mt="md" spacing="xs">
            {facts.map(([key, value]) => (
              <Box key={key}>
                <Text size="xs" c="dimmed">
                  {t(`columns.${key}`)}
                </Text>
                <Text size="sm" fw={500}>
                  {value}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Card>
      {submission.errorMessage && showsMessage.has(submission.status) && (
        <Alert color={info.color} title={t('detail.message')} variant="light">
          <Box component="pre" m={0} fz="xs" style={{ whiteSpace: 'pre-wrap' }} data-testid="submission-error">
            {submission.errorMessage.trimEnd()}
          </Box>
        </Alert>
      )}
    </Stack>
  );
};
