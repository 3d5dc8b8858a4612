import { z } from 'zod';

const text = z.string().nullish();
const flag = z.boolean().nullish();
const number = z.number().nullish();
/** OI scores arrive as numbers or as the text of an input box; anything not a number fails validation later. */
const score = z
  .unknown()
  .transform((value) => (value === '' || value === null || value === undefined ? Number.NaN : Number(value)));

/** HOJ's Problem entity as the editor sends it (api-core §3, admin §11 `problem`); unknown fields are ignored. */
export const problemFields = z.looseObject({
  id: z.number().int().positive().nullish(),
  problemId: text,
  title: text,
  author: text,
  type: number,
  timeLimit: number,
  memoryLimit: number,
  stackLimit: number,
  description: text,
  input: text,
  output: text,
  examples: text,
  source: text,
  hint: text,
  difficulty: number,
  auth: number,
  codeShare: flag,
  isRemoveEndBlank: flag,
  openCaseResult: flag,
  isUploadCase: flag,
  judgeMode: text,
  judgeCaseMode: text,
  spjCode: text,
  spjLanguage: text,
  isFileIO: flag,
  ioReadFileName: text,
  ioWriteFileName: text,
  /** JSON text: file name → content. */
  userExtraFile: text,
  judgeExtraFile: text,
});

/** One entry of `samples` (HOJ's ProblemCase): file names for uploaded data, literal text for manual data. */
export const problemCaseFields = z.looseObject({
  input: text,
  output: text,
  score: score.optional(),
  groupNum: number,
});

/** POST and PUT /api/admin/problem: HOJ's ProblemDTO (admin §4.4, judging.md §7.2). */
export const saveProblemBody = z.looseObject({
  problem: problemFields.nullish(),
  samples: z.array(problemCaseFields).nullish(),
  isUploadTestCase: flag,
  /** What upload-testcase-zip answered as `fileListDir`; absent when the data was not uploaded again. */
  uploadTestcaseDir: text,
  judgeMode: text,
  changeModeCode: flag,
  changeJudgeCaseMode: flag,
  languages: z.array(z.looseObject({ id: number, name: z.string() })).nullish(),
  tags: z.array(z.looseObject({ id: number, name: z.string(), color: text, oj: text })).nullish(),
  codeTemplates: z.array(z.looseObject({ lid: number, language: text, code: text, status: flag })).nullish(),
});
export type SaveProblemBody = z.infer<typeof saveProblemBody>;

const contestId = z.coerce.number().int().positive();
/**
 * POST and PUT /api/admin/contest/problem: the same ProblemDTO naming its contest. HOJ's editor puts the
 * route's contest id (a string) into `problem.cid`; our editor sends it at the top level too.
 */
export const saveContestProblemBody = saveProblemBody.extend({
  cid: contestId.nullish(),
  problem: problemFields.extend({ cid: contestId.nullish() }).nullish(),
});

export const problemIdQuery = z.object({ pid: z.coerce.number().int().positive() });
export const changeProblemAuthBody = z.object({ id: z.number().int().positive(), auth: z.number().int() });

/** POST /api/admin/problem/compile-spj and compile-interactive (admin §5.7 CompileDTO). */
export const compileProgramBody = z.looseObject({
  code: text,
  language: text,
  pid: number,
  extraFiles: z.unknown().optional(),
});

/** Our reply to POST /api/admin/problem (HOJ answers null; the ids save the client a lookup) and /contest/problem. */
export const createProblemReply = z.object({ pid: z.number().int(), problemId: z.string() });

/** POST /api/file/upload-testcase-zip's `data` (admin §6). `fileListDir` is an opaque token here. */
export const uploadTestCaseReply = z.object({
  fileList: z.array(z.object({ input: z.string(), output: z.string(), groupNum: z.number().int().optional() })),
  fileListDir: z.string(),
});
