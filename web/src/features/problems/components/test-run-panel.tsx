import { useEffect, useRef, useState } from 'react';
import { Button, Group, Tabs, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import { getTestJudgeResult, submitProblemTestJudge, type TestJudgeResult } from '../api/test-judge';
import type { Example } from '@/lib/problem-examples';
import { checkCode, maxTestInputLength } from '../problem-limits';
import { TestRunResult } from './test-run-result';

/** Spec 000 §9: the test run polls every second. */
const testRunPollMs = 1000;
const pendingStatus = 5;

type Props = {
  pid: string;
  language: string;
  code: string;
  examples: readonly Example[];
  isSignedIn: boolean;
  onNeedLogin: () => void;
};

/** The test-run panel (spec 000 §4): custom input, sample output matched when the input is a sample, 1 s polling. */
export const TestRunPanel = ({ pid, language, code, examples, isSignedIn, onNeedLogin }: Props) => {
  const { t } = useTranslation('problems');
  const [tab, setTab] = useState<string | null>('input');
  const [input, setInput] = useState(examples[0]?.input ?? '');
  const [result, setResult] = useState<TestJudgeResult | null>(null);
  const [isRunning, setRunning] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const sampleIndex = examples.findIndex((example) => example.input === input);

  const poll = (key: string) => {
    timer.current = setTimeout(() => {
      getTestJudgeResult(key)
        .then((reply) => {
          if (reply.status === pendingStatus) return poll(key);
          setResult(reply);
          setRunning(false);
          setTab('result');
          return undefined;
        })
        .catch(() => setRunning(false));
    }, testRunPollMs);
  };

  const run = async () => {
    if (!isSignedIn) return onNeedLogin();
    const problem = checkCode(code);
    if (problem) return showToast('warning', t(`submit.${problem}`));
    if (input.length > maxTestInputLength) return showToast('warning', t('testRun.inputTooLong'));
    setRunning(true);
    try {
      const key = await submitProblemTestJudge({
        pid,
        language,
        code,
        userInput: input,
        expectedOutput: sampleIndex >= 0 ? (examples[sampleIndex]?.output ?? null) : null,
      });
      poll(key);
    } catch {
      setRunning(false);
    }
    return undefined;
  };

  return (
    <Tabs value={tab} onChange={setTab} variant="outline">
      <Tabs.List>
        <Tabs.Tab value="input">{t('testRun.input')}</Tabs.Tab>
        <Tabs.Tab value="result">{t('testRun.result')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="input" pt="xs">
        <Textarea
          autosize
          minRows={3}
          maxRows={8}
          value={input}
          maxLength={maxTestInputLength}
          onChange={(event) => setInput(event.currentTarget.value)}
          styles={{ input: { fontFamily: 'monospace' } }}
          aria-label={t('testRun.input')}
        />
        <Group justify="space-between" mt="xs">
          <Group gap={4}>
            {examples.map((example, index) => (
              <Button key={index} size="compact-xs" variant="subtle" onClick={() => setInput(example.input)}>
                {t('testRun.useSample', { n: index + 1 })}
              </Button>
            ))}
          </Group>
          <Button size="xs" variant="light" color="teal" loading={isRunning} onClick={() => void run()}>
            {t('testRun.run')}
          </Button>
        </Group>
      </Tabs.Panel>
      <Tabs.Panel value="result" pt="xs">
        <TestRunResult result={result} sampleIndex={sampleIndex >= 0 ? sampleIndex : null} />
      </Tabs.Panel>
    </Tabs>
  );
};
