import {
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { splitScores, type ContestPlacement } from '../problem-form-state';
import type { SectionProps } from './section-props';

const positive = (value: number | string): number => (typeof value === 'number' ? value : Number(value) || 0);

/**
 * Display id, title, limits, difficulty, rule type, visibility and the problem's switches. In a contest
 * (spec 002 §4) the type is the contest's and the contest visibility can be chosen, or is fixed for a new problem.
 */
export const BasicSection = ({
  form,
  onChange,
  contest = null,
}: SectionProps & { contest?: ContestPlacement | null }) => {
  const { t } = useTranslation('adminProblems');
  const changeType = (type: 0 | 1) => {
    // Spec 002 §4: switching to OI splits 100 points over the cases.
    const scores = splitScores(form.cases.length);
    onChange({
      type,
      cases: type === 1 ? form.cases.map((row, i) => ({ ...row, score: scores[i] ?? 0 })) : form.cases,
    });
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('fields.problemId')}
          required
          value={form.problemId}
          onChange={(e) => onChange({ problemId: e.currentTarget.value })}
        />
        <TextInput
          label={t('fields.title')}
          required
          value={form.title}
          onChange={(e) => onChange({ title: e.currentTarget.value })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <NumberInput
          label={t('fields.timeLimit')}
          min={1}
          value={form.timeLimit}
          onChange={(v) => onChange({ timeLimit: positive(v) })}
        />
        <NumberInput
          label={t('fields.memoryLimit')}
          min={1}
          value={form.memoryLimit}
          onChange={(v) => onChange({ memoryLimit: positive(v) })}
        />
        <NumberInput
          label={t('fields.stackLimit')}
          min={1}
          value={form.stackLimit}
          onChange={(v) => onChange({ stackLimit: positive(v) })}
        />
      </SimpleGrid>
      <Group gap="lg" wrap="wrap" align="flex-end">
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {t('fields.type')}
          </Text>
          <SegmentedControl
            disabled={contest !== null}
            value={String(form.type)}
            onChange={(v) => changeType(v === '1' ? 1 : 0)}
            data={[
              { value: '0', label: 'ACM' },
              { value: '1', label: 'OI' },
            ]}
          />
        </Stack>
        <Select
          label={t('fields.difficulty')}
          w={140}
          value={String(form.difficulty)}
          onChange={(v) => onChange({ difficulty: Number(v ?? 0) })}
          data={[0, 1, 2].map((level) => ({ value: String(level), label: t(`difficulty.${level}`) }))}
          allowDeselect={false}
        />
        <Select
          label={t('fields.auth')}
          w={160}
          value={String(form.auth)}
          disabled={contest?.locksAuth ?? false}
          onChange={(v) => onChange({ auth: Number(v ?? 1) as 1 | 2 | 3 })}
          // Spec 002 §4: the contest option is only selectable in a contest context.
          data={[1, 2, 3].map((auth) => ({
            value: String(auth),
            label: t(`auth.${auth}`),
            disabled: auth === 3 && contest === null,
          }))}
          data-testid="problem-auth"
          allowDeselect={false}
        />
      </Group>
      <Group gap="lg" wrap="wrap">
        <Switch
          label={t('fields.codeShare')}
          checked={form.codeShare}
          onChange={(e) => onChange({ codeShare: e.currentTarget.checked })}
        />
        <Switch
          label={t('fields.openCaseResult')}
          checked={form.openCaseResult}
          onChange={(e) => onChange({ openCaseResult: e.currentTarget.checked })}
        />
        <Switch
          label={t('fields.removeEndBlank')}
          checked={form.isRemoveEndBlank}
          onChange={(e) => onChange({ isRemoveEndBlank: e.currentTarget.checked })}
        />
      </Group>
    </Stack>
  );
};
