import { z } from 'zod';
import { boundedText, idParam, int4, int4Json, listMax, pageMax, textMax } from '../input/bounded-input.contract';
import { tagRow } from '../tags/tags-queries.contract';

const listNumber = (fallback: number) =>
  boundedText(textMax.line)
    .optional()
    .transform((value) => {
      const parsed = Number.parseInt(value ?? '', 10);
      return Number.isFinite(parsed) && parsed >= 1 ? Math.min(parsed, pageMax) : fallback;
    });
const keyword = boundedText(textMax.line)
  .optional()
  .transform((value) => value?.trim() ?? '');

/**
 * `tagId` as the client sends it: comma-separated ids (api-core §3) or a JSON array (spec 000 §2.3);
 * anything else is no tag filter. Repeated parameters are merged.
 */
export const tagIdList = z
  .union([boundedText(textMax.paragraph), z.array(boundedText(textMax.line)).max(listMax.ids)])
  .optional()
  .transform((value) => {
    const parts = (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((part) => {
      const trimmed = part.trim();
      if (trimmed.startsWith('[')) {
        try {
          const parsed: unknown = JSON.parse(trimmed);
          return Array.isArray(parsed) ? parsed.map(String) : [];
        } catch {
          return [];
        }
      }
      return trimmed.split(',');
    });
    const ids = parts.map((part) => Number(part.trim())).filter((id) => idParam.safeParse(id).success);
    return [...new Set(ids)];
  })
  .pipe(z.array(z.number()).max(listMax.ids));

/** GET /api/get-problem-list (api-core §3): limit defaults to 10 and is capped at 500 (§0.1). */
export const problemListQuery = z.object({
  limit: listNumber(10).transform((limit) => Math.min(limit, 500)),
  currentPage: listNumber(1),
  keyword,
  tagId: tagIdList,
  difficulty: boundedText(textMax.line)
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? null : Number(value)))
    .pipe(int4Json.nullable()),
  oj: boundedText(textMax.line).optional(),
});
export type ProblemListQuery = z.infer<typeof problemListQuery>;

export const adminProblemListQuery = z.object({
  limit: listNumber(10).transform((limit) => Math.min(limit, 500)),
  currentPage: listNumber(1),
  keyword,
  auth: int4.optional(),
  oj: boundedText(textMax.line).optional(),
});

export const problemDetailQuery = z.object({
  problemId: boundedText(textMax.line),
  gid: boundedText(textMax.line).optional(),
});
export const problemIdQuery = z.object({ pid: idParam });
export const languagesQuery = z.object({
  pid: boundedText(textMax.line).optional(),
  all: boundedText(textMax.line).optional(),
});
export const problemCasesQuery = z.object({
  pid: idParam,
  isUpload: boundedText(textMax.line)
    .optional()
    .transform((value) => value !== 'false'),
});

const verdictCounts = {
  total: z.number().int(),
  ac: z.number().int(),
  mle: z.number().int(),
  tle: z.number().int(),
  re: z.number().int(),
  pe: z.number().int(),
  ce: z.number().int(),
  wa: z.number().int(),
  se: z.number().int(),
  pa: z.number().int(),
};

/** A row of get-problem-list (ProblemVO). */
export const problemListRow = z.object({
  pid: z.number().int(),
  problemId: z.string(),
  title: z.string(),
  difficulty: z.number().int(),
  type: z.number().int(),
  tags: z.array(tagRow),
  ...verdictCounts,
  score: z.null(),
});

/** How a problem's program is judged: plain compare, a special judge, an interactor (api-core §3). */
export const judgeModes = ['default', 'spj', 'interactive'] as const;
/** How a problem's cases make its verdict (judging.md §4.5). */
export const judgeCaseModes = ['default', 'subtask_lowest', 'subtask_average', 'ergodic_without_error'] as const;

/** HOJ's Problem entity (api-core §3 get-problem-detail). */
export const problemEntity = z.object({
  id: z.number().int(),
  problemId: z.string(),
  title: z.string(),
  author: z.string(),
  /** 0 ACM, 1 OI. */
  type: z.union([z.literal(0), z.literal(1)]),
  judgeMode: z.enum(judgeModes),
  judgeCaseMode: z.enum(judgeCaseModes),
  timeLimit: z.number().int(),
  memoryLimit: z.number().int(),
  stackLimit: z.number().int(),
  description: z.string(),
  input: z.string(),
  output: z.string(),
  examples: z.string(),
  isRemote: z.boolean(),
  source: z.string(),
  difficulty: z.number().int(),
  hint: z.string(),
  /** 1 public, 2 private, 3 contest only. */
  auth: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  ioScore: z.number().int(),
  codeShare: z.boolean(),
  isRemoveEndBlank: z.boolean(),
  openCaseResult: z.boolean(),
  isUploadCase: z.boolean(),
  caseVersion: z.string(),
  modifiedUser: z.string().nullable(),
  isGroup: z.boolean(),
  gid: z.number().int().nullable(),
  applyPublicProgress: z.number().int().nullable(),
  isFileIO: z.boolean(),
  ioReadFileName: z.string().nullable(),
  ioWriteFileName: z.string().nullable(),
  userExtraFile: z.string().nullable(),
  judgeExtraFile: z.string().nullable(),
  spjCode: z.string().nullable(),
  spjLanguage: z.string().nullable(),
  gmtCreate: z.string(),
  gmtModified: z.string(),
});

/** GET /api/get-random-problem (api-core §3): a public problem's display id to open. */
export const randomProblemReply = z.object({ problemId: z.string() });

export const problemCount = z.object({ pid: z.number().int(), ...verdictCounts });

export const problemDetailReply = z.object({
  problem: problemEntity,
  tags: z.array(tagRow),
  languages: z.array(z.string()),
  problemCount,
  codeTemplate: z.record(z.string(), z.string()),
});

/** HOJ's Language row (api-core §3). */
export const languageRow = z.object({
  id: z.number().int(),
  contentType: z.string(),
  description: z.string(),
  name: z.string(),
  compileCommand: z.string(),
  /** Ours, beyond HOJ's row: how the judge starts the program (the help page shows it; HOJ's client ignores it). */
  runCommand: z.string(),
  template: z.string().nullable(),
  codeTemplate: z.string().nullable(),
  isSpj: z.boolean(),
  oj: z.string(),
  seq: z.number().int(),
  gmtCreate: z.string().nullable(),
  gmtModified: z.string().nullable(),
});

export const codeTemplateRow = z.object({
  id: z.number().int(),
  pid: z.number().int(),
  lid: z.number().int(),
  code: z.string(),
  status: z.boolean(),
  gmtCreate: z.string(),
  gmtModified: z.string(),
});

/** A row of admin get-problem-cases (HOJ's problem_case). */
export const problemCaseRow = z.object({
  id: z.number().int(),
  pid: z.number().int(),
  input: z.string(),
  output: z.string(),
  score: z.number().int(),
  status: z.number().int(),
  groupNum: z.number().int(),
  gmtCreate: z.string(),
  gmtModified: z.string(),
});
