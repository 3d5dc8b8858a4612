import { useState, type ReactNode } from 'react';
import { Accordion, Button, Card, Group, Loader, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { showToast } from '@/lib/toast';
import { createProblem, updateProblem } from '../api/admin-problems';
import { downloadTestCases } from '../api/test-data-files';
import { buildSaveProblemBody, validateProblemForm, type ContestPlacement } from '../problem-form-state';
import { BasicSection } from './basic-section';
import { FilesSection } from './files-section';
import { JudgeSection } from './judge-section';
import { LanguagesSection } from './languages-section';
import { StatementSection } from './statement-section';
import { TagsSection } from './tags-section';
import { useProblemEditor } from './use-problem-editor';

/** How a contest's back office uses the editor (spec 002 §2.11: /admin/contest/{id}/problem/create and …/edit). */
export type ContestEditing = {
  readonly placement: ContestPlacement;
  /** The contest's own fields (display id and title), shown above the problem's sections. */
  readonly fields: ReactNode;
  /** A warning to show instead of saving (a contest field is missing), or null. */
  readonly check: () => string | null;
  /** Saves through the contest calls and links the problem to the contest. */
  readonly save: (body: ReturnType<typeof buildSaveProblemBody>) => Promise<void>;
  readonly backPath: string;
};

/** The admin problem editor for create (pid null) and edit, with spec 002 §5's checks before saving. */
export const ProblemEditorForm = ({
  pid,
  author,
  contest = null,
}: {
  pid: string | null;
  author: string;
  contest?: ContestEditing | null;
}) => {
  const { t } = useTranslation('adminProblems');
  const [, navigate] = useLocation();
  const placement = contest?.placement ?? null;
  const { form, patch, languages, allTags, hasFailed, loadedCaseMode } = useProblemEditor(pid, author, placement);
  const [isSaving, setSaving] = useState(false);
  if (hasFailed)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('editor.loadFailed')}
      </Text>
    );
  if (!form)
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );

  const save = async () => {
    const problem = validateProblemForm(form);
    if (problem) {
      showToast('warning', t(problem.key, problem.values));
      return;
    }
    const contestWarning = contest?.check() ?? null;
    if (contestWarning) {
      showToast('warning', contestWarning);
      return;
    }
    const languageIds = new Map(languages.flatMap((row) => (row.id ? [[row.name, row.id] as const] : [])));
    const body = buildSaveProblemBody(form, languageIds, pid !== null && form.judgeCaseMode !== loadedCaseMode);
    setSaving(true);
    try {
      if (contest) await contest.save(body);
      else if (pid) await updateProblem(body);
      else await createProblem(body);
      showToast('success', pid ? t('editor.updated') : t('editor.created'));
      navigate(contest?.backPath ?? '/admin/problems');
    } catch {
      // The API client showed the server's message.
    } finally {
      setSaving(false);
    }
  };
  const sections = [
    ['basic', <BasicSection key="b" form={form} onChange={patch} contest={placement} />],
    ['statement', <StatementSection key="s" form={form} onChange={patch} />],
    ['judge', <JudgeSection key="j" form={form} onChange={patch} />],
    [
      'languages',
      <LanguagesSection key="l" form={form} onChange={patch} allLanguages={languages.map((row) => row.name)} />,
    ],
    ['files', <FilesSection key="f" form={form} onChange={patch} />],
    ['tags', <TagsSection key="t" form={form} onChange={patch} allTags={allTags} />],
  ] as const;
  return (
    <Card withBorder radius="md" padding="lg" my="lg">
      <Group justify="space-between" mb="md">
        <Title order={3}>{pid ? t('editor.editTitle', { id: form.problemId }) : t('editor.createTitle')}</Title>
        {pid && (
          <Button variant="default" size="xs" onClick={() => void downloadTestCases(pid)}>
            {t('download.button')}
          </Button>
        )}
      </Group>
      {contest?.fields}
      <Accordion multiple defaultValue={sections.map(([key]) => key)} variant="separated">
        {sections.map(([key, section]) => (
          <Accordion.Item key={key} value={key}>
            <Accordion.Control>
              <Text fw={600}>{t(`sections.${key}`)}</Text>
            </Accordion.Control>
            <Accordion.Panel>{section}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => navigate(contest?.backPath ?? '/admin/problems')}>
          {t('editor.cancel')}
        </Button>
        <Button loading={isSaving} onClick={() => void save()} data-testid="save-problem">
          {t('editor.save')}
        </Button>
      </Group>
    </Card>
  );
};
