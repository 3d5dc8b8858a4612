import { Alert, Box, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusInfo } from '@/features/submissions/judge-status';
import { formatMemory, formatTime } from '@/features/submissions/measures';
import type { TestJudgeResult } from '../api/test-judge';
import { testRunHeadline } from '../test-run-headline';

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

/** The result cards of spec 000 §4 for one finished test run. */
export const TestRunResult = ({
  result,
  sampleIndex,
}: {
  result: TestJudgeResult | null;
  sampleIndex: number | null;
}) => {
  const { t } = useTranslation('problems');
  const headline = testRunHeadline(result, sampleIndex);
  if (!result || headline.kind === 'none') {
    return (
      <Text c="dimmed" size="sm" ta="center" py="md" data-testid="test-run-result">
        {t('testRun.none')}
      </Text>
    );
  }
  if (headline.kind === 'compileFailed') {
    return (
      <Alert color="yellow" title={t('testRun.compileFailed')} data-testid="test-run-result">
        <Box component="pre" m={0} fz="xs" style={{ whiteSpace: 'pre-wrap' }}>
          {result.stderr}
        </Box>
      </Alert>
    );
  }
  const info = statusInfo(result.status);
  const title =
    headline.kind === 'passSample'
      ? t('testRun.passSample', { n: headline.sample })
      : headline.kind === 'success'
        ? t('testRun.success')
        : t(`submissions:status.${info.key}`);
  const color = headline.kind === 'verdict' ? info.color : 'green';
  return (
    <Stack gap="xs" data-testid="test-run-result">
      <Alert color={color} title={title}>
        <Text size="xs">
          {formatTime(result.time)} · {formatMemory(result.memory)}
        </Text>
        {headline.kind === 'success' && headline.isUncertain && <Text size="xs">{t('testRun.uncertain')}</Text>}
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: result.expectedOutput ? 2 : 1 }} spacing="xs">
        <Block label={t('testRun.output')} text={result.userOutput} />
        {result.expectedOutput && <Block label={t('testRun.expected')} text={result.expectedOutput} />}
      </SimpleGrid>
      {result.stderr && <Block label={t('testRun.stderr')} text={result.stderr} />}
    </Stack>
  );
};
