import type { Example } from '@/lib/problem-examples';
import { serializeExamples } from '@/lib/problem-examples';

/** The admin problem editor's state (spec 002 §3 'Group problem', admin §5.7), in HOJ's field names. */
export type TestCaseRow = { input: string; output: string; score: number | ''; groupNum: number };
export type TemplateRow = { language: string; code: string; enabled: boolean };
export type ExtraFile = { name: string; content: string };

export type ProblemForm = {
  id: number | null;
  problemId: string;
  title: string;
  author: string;
  type: 0 | 1;
  timeLimit: number;
  memoryLimit: number;
  stackLimit: number;
  difficulty: number;
  auth: 1 | 2 | 3;
  codeShare: boolean;
  isRemoveEndBlank: boolean;
  openCaseResult: boolean;
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  examples: Example[];
  judgeMode: 'default' | 'spj' | 'interactive';
  judgeCaseMode: 'default' | 'subtask_lowest' | 'subtask_average' | 'ergodic_without_error';
  spjLanguage: string;
  spjCode: string;
  /** The checker/interactor compiled since its code last changed (spec 002 §5). */
  isSpjCompiled: boolean;
  isSpjChanged: boolean;
  isUploadCase: boolean;
  uploadTestcaseDir: string | null;
  /** Uploaded file pairs or manual samples, with OI score and subtask group. */
  cases: TestCaseRow[];
  isFileIO: boolean;
  ioReadFileName: string;
  ioWriteFileName: string;
  userExtraFiles: ExtraFile[];
  judgeExtraFiles: ExtraFile[];
  languages: string[];
  templates: TemplateRow[];
  tags: { id: number | null; name: string; color: string }[];
};

/** Spec 002 §3 defaults: 1000 ms, 256 MB, stack 128 MB, public, code sharing on, case results open, upload mode. */
export const emptyProblemForm = (author: string): ProblemForm => ({
  id: null,
  problemId: '',
  title: '',
  author,
  type: 0,
  timeLimit: 1000,
  memoryLimit: 256,
  stackLimit: 128,
  difficulty: 0,
  auth: 1,
  codeShare: true,
  isRemoveEndBlank: true,
  openCaseResult: true,
  description: '',
  input: '',
  output: '',
  hint: '',
  source: '',
  examples: [{ input: '', output: '' }],
  judgeMode: 'default',
  judgeCaseMode: 'default',
  spjLanguage: 'C++',
  spjCode: '',
  isSpjCompiled: false,
  isSpjChanged: false,
  isUploadCase: true,
  uploadTestcaseDir: null,
  cases: [],
  isFileIO: false,
  ioReadFileName: '',
  ioWriteFileName: '',
  userExtraFiles: [],
  judgeExtraFiles: [],
  languages: [],
  templates: [],
  tags: [],
});

/** Spec 002 §4: switching to OI splits 100 points evenly over the cases, the remainder on the last ones. */
export const splitScores = (count: number, total = 100): number[] => {
  if (count <= 0) return [];
  const base = Math.floor(total / count);
  const remainder = total - base * count;
  return Array.from({ length: count }, (_, index) => base + (index >= count - remainder ? 1 : 0));
};

/** A problem edited from a contest's back office: its type follows the contest; a new one is a contest problem. */
export type ContestPlacement = { readonly contestType: 0 | 1; readonly locksAuth: boolean };

/** Spec 002 §4 "Problem in a contest: auth is forced to 3 and type follows the contest" (scores split for OI). */
export const placeInContest = (form: ProblemForm, placement: ContestPlacement | null): ProblemForm => {
  if (!placement) return form;
  const auth = placement.locksAuth ? 3 : form.auth;
  if (form.type === placement.contestType) return { ...form, auth };
  const scores = splitScores(form.cases.length);
  const cases =
    placement.contestType === 1 ? form.cases.map((row, index) => ({ ...row, score: scores[index] ?? 0 })) : form.cases;
  return { ...form, auth, type: placement.contestType, cases };
};

export const isSubtaskMode = (mode: ProblemForm['judgeCaseMode']): boolean =>
  mode === 'subtask_lowest' || mode === 'subtask_average';

/** The validation messages of spec 002 §5 'Group problem', as keys of the adminProblems namespace; null when valid. */
export const validateProblemForm = (form: ProblemForm): { key: string; values?: Record<string, string> } | null => {
  if (!form.problemId.trim()) return { key: 'validation.displayIdRequired' };
  if (!form.title.trim()) return { key: 'validation.titleRequired' };
  if (!form.input.trim()) return { key: 'validation.inputRequired' };
  if (!form.output.trim()) return { key: 'validation.outputRequired' };
  if (form.timeLimit <= 0) return { key: 'validation.timeLimit' };
  if (form.memoryLimit <= 0) return { key: 'validation.memoryLimit' };
  if (form.stackLimit <= 0) return { key: 'validation.stackLimit' };
  if (form.isFileIO && (!form.ioReadFileName.trim() || !form.ioWriteFileName.trim()))
    return { key: 'validation.fileIoNames' };
  if (form.isUploadCase && form.cases.length === 0) return { key: 'validation.samplesRequired' };
  if (!form.isUploadCase) {
    if (form.cases.length === 0) return { key: 'validation.manualCaseRequired' };
    if (form.cases.some((row) => !row.input && !row.output)) return { key: 'validation.manualCaseEmpty' };
  }
  if (form.type === 1) {
    if (form.cases.some((row) => row.score === '' || !Number.isFinite(row.score) || row.score < 0))
      return { key: 'validation.scoreInvalid' };
    if (
      isSubtaskMode(form.judgeCaseMode) &&
      form.cases.some((row) => !Number.isInteger(row.groupNum) || row.groupNum < 1)
    )
      return { key: 'validation.groupRequired' };
  }
  if (form.judgeMode !== 'default') {
    if (!form.spjCode.trim()) return { key: 'validation.spjCodeRequired' };
    if (form.isSpjChanged && !form.isSpjCompiled) return { key: 'validation.spjNotCompiled' };
  }
  if (form.languages.length === 0) return { key: 'validation.languageRequired' };
  const emptyTemplate = form.templates.find((row) => row.enabled && !row.code.trim());
  if (emptyTemplate) return { key: 'validation.templateEmpty', values: { language: emptyTemplate.language } };
  return null;
};

const filesJson = (files: readonly ExtraFile[]): string | null =>
  files.length === 0 ? null : JSON.stringify(Object.fromEntries(files.map((file) => [file.name, file.content])));

/** HOJ's ProblemDTO for POST/PUT /api/admin/problem (the command contract saveProblemBody). */
export const buildSaveProblemBody = (
  form: ProblemForm,
  languageIds: ReadonlyMap<string, number>,
  isJudgeCaseModeChanged: boolean,
) => ({
  problem: {
    id: form.id ?? undefined,
    problemId: form.problemId.trim(),
    title: form.title.trim(),
    author: form.author,
    type: form.type,
    timeLimit: form.timeLimit,
    memoryLimit: form.memoryLimit,
    stackLimit: form.stackLimit,
    description: form.description,
    input: form.input,
    output: form.output,
    examples: serializeExamples(form.examples.filter((e) => e.input || e.output)),
    source: form.source,
    hint: form.hint,
    difficulty: form.difficulty,
    auth: form.auth,
    codeShare: form.codeShare,
    isRemoveEndBlank: form.isRemoveEndBlank,
    openCaseResult: form.openCaseResult,
    isUploadCase: form.isUploadCase,
    judgeMode: form.judgeMode,
    judgeCaseMode: form.judgeCaseMode,
    spjCode: form.judgeMode === 'default' ? null : form.spjCode,
    spjLanguage: form.judgeMode === 'default' ? null : form.spjLanguage,
    isFileIO: form.isFileIO,
    ioReadFileName: form.isFileIO ? form.ioReadFileName : null,
    ioWriteFileName: form.isFileIO ? form.ioWriteFileName : null,
    userExtraFile: filesJson(form.userExtraFiles),
    judgeExtraFile: filesJson(form.judgeExtraFiles),
  },
  samples: form.cases.map((row) => ({
    input: row.input,
    output: row.output,
    score: form.type === 1 ? row.score : 0,
    groupNum: isSubtaskMode(form.judgeCaseMode) ? row.groupNum : 1,
  })),
  isUploadTestCase: form.isUploadCase,
  uploadTestcaseDir: form.isUploadCase ? form.uploadTestcaseDir : null,
  judgeMode: form.judgeMode,
  changeModeCode: form.isSpjChanged,
  changeJudgeCaseMode: isJudgeCaseModeChanged,
  languages: form.languages.map((name) => ({ id: languageIds.get(name) ?? null, name })),
  tags: form.tags.map((tag) => ({ id: tag.id, name: tag.name, color: tag.color, oj: 'ME' })),
  codeTemplates: form.templates.map((row) => ({
    lid: languageIds.get(row.language) ?? null,
    language: row.language,
    code: row.code,
    status: row.enabled,
  })),
});
