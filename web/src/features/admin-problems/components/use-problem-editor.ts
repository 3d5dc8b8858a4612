import { useEffect, useState } from 'react';
import { getLanguages, type LanguageRow } from '@/lib/language-list';
import type { Tag } from '@/lib/problem-schemas';
import { parseExamples } from '@/lib/problem-examples';
import {
  getAdminProblem,
  getProblemCases,
  getProblemCodeTemplates,
  getProblemLanguages,
  type AdminProblem,
} from '../api/admin-problems';
import { getAllProblemTags, getProblemTags } from '../api/admin-tags';
import {
  emptyProblemForm,
  placeInContest,
  type ContestPlacement,
  type ExtraFile,
  type ProblemForm,
} from '../problem-form-state';

const filesOf = (json: string | null | undefined): ExtraFile[] => {
  if (!json) return [];
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    return Object.entries(value).flatMap(([name, content]) => (typeof content === 'string' ? [{ name, content }] : []));
  } catch {
    return [];
  }
};

const caseModes = ['default', 'subtask_lowest', 'subtask_average', 'ergodic_without_error'] as const;
const judgeModes = ['default', 'spj', 'interactive'] as const;

const formOf = (problem: AdminProblem, author: string): ProblemForm => {
  const base = emptyProblemForm(author);
  return {
    ...base,
    id: Number(problem.id),
    problemId: problem.problemId,
    title: problem.title,
    author: problem.author ?? author,
    type: problem.type === 1 ? 1 : 0,
    timeLimit: problem.timeLimit,
    memoryLimit: problem.memoryLimit,
    stackLimit: problem.stackLimit ?? base.stackLimit,
    difficulty: problem.difficulty ?? 0,
    auth: problem.auth === 2 ? 2 : problem.auth === 3 ? 3 : 1,
    codeShare: problem.codeShare ?? true,
    isRemoveEndBlank: problem.isRemoveEndBlank ?? true,
    openCaseResult: problem.openCaseResult ?? true,
    description: problem.description ?? '',
    input: problem.input ?? '',
    output: problem.output ?? '',
    hint: problem.hint ?? '',
    source: problem.source ?? '',
    examples: parseExamples(problem.examples),
    judgeMode: judgeModes.find((mode) => mode === problem.judgeMode) ?? 'default',
    judgeCaseMode: caseModes.find((mode) => mode === problem.judgeCaseMode) ?? 'default',
    spjCode: problem.spjCode ?? '',
    spjLanguage: problem.spjLanguage ?? base.spjLanguage,
    isSpjCompiled: true,
    isUploadCase: problem.isUploadCase ?? true,
    isFileIO: problem.isFileIO ?? false,
    ioReadFileName: problem.ioReadFileName ?? '',
    ioWriteFileName: problem.ioWriteFileName ?? '',
    userExtraFiles: filesOf(problem.userExtraFile),
    judgeExtraFiles: filesOf(problem.judgeExtraFile),
  };
};

const ownBank = (rows: readonly LanguageRow[]) => rows.filter((row) => !row.oj || row.oj === 'ME');

/**
 * Loads what the editor needs: the languages and tags to choose from and, when editing, the problem itself;
 * with a contest placement the form starts as the contest wants it (spec 002 §4).
 */
export const useProblemEditor = (pid: string | null, author: string, placement: ContestPlacement | null = null) => {
  const [form, setForm] = useState<ProblemForm | null>(
    pid ? null : placeInContest(emptyProblemForm(author), placement),
  );
  const [loadedCaseMode, setLoadedCaseMode] = useState<string>('default');
  const [languages, setLanguages] = useState<LanguageRow[]>([]);
  const [allTags, setAllTags] = useState<Tag[]>([]);
  const [hasFailed, setFailed] = useState(false);
  const contestType = placement?.contestType;
  const locksAuth = placement?.locksAuth;

  useEffect(() => {
    let isActive = true;
    void getLanguages()
      .then((rows) => isActive && setLanguages(ownBank(rows)))
      .catch(() => undefined);
    void getAllProblemTags()
      .then((tags) => isActive && setAllTags(tags))
      .catch(() => undefined);
    if (!pid)
      return () => {
        isActive = false;
      };
    const load = async () => {
      const [problem, problemLanguages, templates, tags, all] = await Promise.all([
        getAdminProblem(pid),
        getProblemLanguages(pid),
        getProblemCodeTemplates(pid),
        getProblemTags(pid),
        getLanguages(),
      ]);
      const cases = await getProblemCases(pid, problem.isUploadCase ?? true);
      const nameOf = new Map(all.map((row) => [row.id, row.name]));
      const inContest = contestType === undefined ? null : { contestType, locksAuth: locksAuth ?? false };
      const next = placeInContest(formOf(problem, author), inContest);
      return {
        ...next,
        cases: cases.map((row) => ({
          input: row.input,
          output: row.output,
          score: row.score ?? 0,
          groupNum: row.groupNum ?? 1,
        })),
        languages: problemLanguages.map((row) => row.name),
        templates: templates.flatMap((row) => {
          const language = nameOf.get(row.lid);
          return language ? [{ language, code: row.code, enabled: row.status }] : [];
        }),
        tags: tags.map((tag) => ({ id: tag.id, name: tag.name, color: tag.color ?? '' })),
      };
    };
    load()
      .then((next) => {
        if (!isActive) return;
        setForm(next);
        setLoadedCaseMode(next.judgeCaseMode);
      })
      .catch(() => isActive && setFailed(true));
    return () => {
      isActive = false;
    };
  }, [pid, author, contestType, locksAuth]);

  const patch = (change: Partial<ProblemForm>) => setForm((current) => current && { ...current, ...change });
  return { form, patch, languages, allTags, hasFailed, loadedCaseMode };
};
