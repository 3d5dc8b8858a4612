import { Alert, Box, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusInfo } from '../../submissions/judge-status';
import { formatMemory, formatTime } from '../../submissions/measures';
import type { TestJudgeResult } from '../api/test-judge';

const Block = ({ label, text }: { label: string; text: string | null | undefined }) => (
  <Box>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Box
      component="pre"
      m={0}
      p={6}
      fz="xs"
      bg="gray.0"
      style={{ whiteSpace: 'pre-wrap', borderRadius: 4, maxHeight: 160, overflow: 'auto' }}
    >
      {text ?? ''}
    </Box>
  </Box>
);

/**
 * The result cards of spec 000 §4: -10 shows "no test judge yet"; CE a compile-failed card with stderr; AC against a
 * sample "Pass Test Case n"; on special-judge problems 0 and -1 read "Success" with an "uncertain answer" note.
 */
export const TestRunResult = ({
  result,
  sampleIndex,
}: {
  result: TestJudgeResult | null;
  sampleIndex: number | null;
}) => {
  const { t } = useTranslation('problems');
  if (!result || result.status === -10) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="md" data-testid="test-run-result">
        {t('testRun.none')}
      </Text>
    );
  }
  if (result.status === -2) {
    return (
      <Alert color="yellow" title={t('testRun.compileFailed')} data-testid="test-run-result">
        <Box component="pre" m={0} fz="xs" style={{ whiteSpace: 'pre-wrap' }}>
          {result.stderr}
        </Box>
      </Alert>
    );
  }
  const isSpecial = result.problemJudgeMode === 'spj' || result.problemJudgeMode === 'interactive';
  const info = statusInfo(result.status);
  let title = t(`submissions:status.${info.key}`);
  let color = info.color;
  if (isSpecial && (result.status === 0 || result.status === -1)) {
    title = t('testRun.success');
    color = 'green';
  } else if (result.status === 0) {
    title = sampleIndex !== null ? t('testRun.passSample', { n: sampleIndex + 1 }) : t('testRun.success');
  }
  return (
    <Stack gap="xs" data-testid="test-run-result">
      <Alert color={color} title={title}>
        <Text size="xs">
          {formatTime(result.time)} · {formatMemory(result.memory)}
        </Text>
        {isSpecial && (result.status === 0 || result.status === -1) && <Text size="xs">{t('testRun.uncertain')}</Text>}
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: result.expectedOutput ? 2 : 1 }} spacing="xs">
        <Block label={t('testRun.output')} text={result.userOutput} />
        {result.expectedOutput && <Block label={t('testRun.expected')} text={result.expectedOutput} />}
      </SimpleGrid>
      {result.stderr && <Block label={t('testRun.stderr')} text={result.stderr} />}
    </Stack>
  );
};
