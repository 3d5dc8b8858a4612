import { Accordion, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AllCaseResult, CaseResult } from '../api/get-all-case-result';
import { statusInfo } from '../judge-status';
import { formatMemory, formatTime } from '../measures';
import { CaseNotes } from './case-notes';
import { StatusBadge } from './status-badge';

const CaseCard = ({ result, index }: { result: CaseResult; index: number }) => {
  const { t } = useTranslation('submissions');
  const info = statusInfo(result.status);
  return (
    <Card
      withBorder
      padding="xs"
      radius="sm"
      data-testid="case-card"
      data-status={result.status}
      style={{ borderTop: `3px solid var(--mantine-color-${info.color}-6)` }}
    >
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="sm" fw={600}>
          {t('cases.case', { n: result.seq ?? index + 1 })}
        </Text>
        <Text size="xs" fw={700} c={`${info.color}.7`}>
          {info.short}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {formatTime(result.time)} · {formatMemory(result.memory)}
        {result.score !== null && result.score !== undefined ? ` · ${t('cases.score', { score: result.score })}` : ''}
      </Text>
    </Card>
  );
};

const CaseGrid = ({ cases }: { cases: readonly CaseResult[] }) => (
  <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="xs">
    {cases.map((result, index) => (
      <CaseCard key={`${result.seq ?? index}-${index}`} result={result} index={index} />
    ))}
  </SimpleGrid>
);

/** Per-test-point cards, or the subtask accordion for the subtask modes (spec 000 §2.5, api-core §4). */
export const CaseResultCards = ({ result }: { result: AllCaseResult }) => {
  const { t } = useTranslation('submissions');
  if (!result) return null;
  const subtasks = result.subTaskJudgeCaseVoList ?? [];
  if (subtasks.length > 0) {
    return (
      <Accordion variant="separated" multiple data-testid="subtask-accordion">
        {subtasks.map((subtask) => (
          <Accordion.Item key={subtask.groupNum} value={String(subtask.groupNum)}>
            <Accordion.Control>
              <Group gap="sm" wrap="wrap">
                <Text fw={600}>{t('cases.subtask', { n: subtask.groupNum })}</Text>
                <StatusBadge status={subtask.status} size="sm" />
                <Text size="sm" c="dimmed">
                  {t('cases.subtaskSummary', {
                    ac: subtask.ac ?? 0,
                    total: subtask.total ?? subtask.subtaskDetailList.length,
                    score: subtask.score ?? 0,
                  })}
                </Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                <CaseGrid cases={subtask.subtaskDetailList} />
                <CaseNotes cases={subtask.subtaskDetailList} />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    );
  }
  const cases = result.judgeCaseList ?? [];
  if (cases.length === 0) return null;
  return (
    <Stack gap="sm">
      <CaseGrid cases={cases} />
      <CaseNotes cases={cases} />
    </Stack>
  );
};
