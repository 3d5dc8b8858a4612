import { Alert, Button, FileInput, Group, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import { compileJudgeProgram } from '../api/admin-problems';
import { uploadTestCaseZip } from '../api/test-data-files';
import { isSubtaskMode, splitScores, type ProblemForm } from '../problem-form-state';
import { TestCaseTable } from './test-case-table';
import type { SectionProps } from './section-props';

const judgeProgramLanguages = ['C', 'C++'];

/** Judge mode with the checker/interactor, case mode, and the test data: zip upload or manual samples. */
export const JudgeSection = ({ form, onChange }: SectionProps) => {
  const { t } = useTranslation('adminProblems');
  const [zip, setZip] = useState<File | null>(null);
  const [isBusy, setBusy] = useState(false);
  const caseModes: ProblemForm['judgeCaseMode'][] =
    form.type === 1 ? ['default', 'subtask_lowest', 'subtask_average'] : ['default', 'ergodic_without_error'];

  const upload = async () => {
    if (!zip) return;
    setBusy(true);
    try {
      const reply = await uploadTestCaseZip(zip, form.judgeCaseMode);
      const scores = splitScores(reply.fileList.length);
      onChange({
        uploadTestcaseDir: reply.fileListDir,
        cases: reply.fileList.map((row, i) => ({
          input: row.input,
          output: row.output,
          score: scores[i] ?? 0,
          groupNum: row.groupNum ?? 1,
        })),
      });
      showToast('success', t('testData.uploaded', { count: reply.fileList.length }));
    } catch {
      // Shown by the upload call.
    } finally {
      setBusy(false);
    }
  };
  const compile = async () => {
    if (form.judgeMode === 'default') return;
    setBusy(true);
    try {
      await compileJudgeProgram(form.judgeMode, form.spjCode, form.spjLanguage);
      onChange({ isSpjCompiled: true });
      showToast('success', t('judge.compiled'));
    } catch {
      onChange({ isSpjCompiled: false });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('fields.judgeMode')}
        value={form.judgeMode}
        onChange={(v) =>
          onChange({ judgeMode: v as ProblemForm['judgeMode'], isSpjChanged: true, isSpjCompiled: false })
        }
      >
        <Group mt={4}>
          {(['default', 'spj', 'interactive'] as const).map((mode) => (
            <Radio key={mode} value={mode} label={t(`judge.modes.${mode}`)} />
          ))}
        </Group>
      </Radio.Group>
      <Alert color="blue" py={6}>
        {t(`judge.info.${form.judgeMode}`)}
      </Alert>
      {form.judgeMode !== 'default' && (
        <Stack gap="xs">
          <Group align="flex-end">
            <Select
              label={t('judge.language')}
              w={120}
              data={judgeProgramLanguages}
              value={form.spjLanguage}
              onChange={(v) => v && onChange({ spjLanguage: v, isSpjChanged: true, isSpjCompiled: false })}
              allowDeselect={false}
            />
            <Button variant="light" loading={isBusy} onClick={() => void compile()}>
              {t('judge.compile')}
            </Button>
            {form.isSpjCompiled && (
              <Text size="sm" c="green">
                {t('judge.compiledMark')}
              </Text>
            )}
          </Group>
          <Textarea
            label={t('judge.code')}
            autosize
            minRows={6}
            styles={{ input: { fontFamily: 'monospace' } }}
            value={form.spjCode}
            onChange={(e) => onChange({ spjCode: e.currentTarget.value, isSpjChanged: true, isSpjCompiled: false })}
          />
        </Stack>
      )}
      <Select
        label={t('fields.judgeCaseMode')}
        w={260}
        value={caseModes.includes(form.judgeCaseMode) ? form.judgeCaseMode : 'default'}
        onChange={(v) => onChange({ judgeCaseMode: (v ?? 'default') as ProblemForm['judgeCaseMode'] })}
        data={caseModes.map((mode) => ({ value: mode, label: t(`caseModes.${mode}`) }))}
        allowDeselect={false}
      />
      <Radio.Group
        label={t('testData.source')}
        value={form.isUploadCase ? 'upload' : 'manual'}
        onChange={(v) => onChange({ isUploadCase: v === 'upload', cases: [], uploadTestcaseDir: null })}
      >
        <Group mt={4}>
          <Radio value="upload" label={t('testData.upload')} />
          <Radio value="manual" label={t('testData.manual')} />
        </Group>
      </Radio.Group>
      {form.isUploadCase && (
        <Group align="flex-end">
          <FileInput
            label={t('testData.zip')}
            placeholder={t('testData.chooseZip')}
            accept=".zip"
            value={zip}
            onChange={setZip}
            w={280}
            data-testid="testcase-zip"
            clearable
          />
          <Button loading={isBusy} disabled={!zip} onClick={() => void upload()}>
            {t('testData.uploadButton')}
          </Button>
        </Group>
      )}
      <TestCaseTable
        rows={form.cases}
        isManual={!form.isUploadCase}
        isOi={form.type === 1}
        isSubtask={isSubtaskMode(form.judgeCaseMode)}
        onChange={(cases) => onChange({ cases })}
      />
    </Stack>
  );
};
