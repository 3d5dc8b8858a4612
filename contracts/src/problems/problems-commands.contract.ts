import { z } from 'zod';
import {
  boundedText,
  idJson,
  idParam,
  int4Json,
  int4Max,
  int4Min,
  listMax,
  textMax,
} from '../input/bounded-input.contract';

/** Statements, code and JSON file maps; the decider applies HOJ's 65535-character rules with its messages. */
const text = boundedText(textMax.document).nullish();
const line = boundedText(textMax.line).nullish();
const flag = z.boolean().nullish();
/** Fractions pass here so the validator can answer with HOJ's message; only the range is the schema's. */
const number = z.number().min(int4Min).max(int4Max).nullish();
/** OI scores arrive as numbers or as the text of an input box; anything not a number fails validation later. */
const score = z
  .unknown()
  .transform((value) => (value === '' || value === null || value === undefined ? Number.NaN : Number(value)));

/** HOJ's Problem entity as the editor sends it (api-core §3, admin §11 `problem`); unknown fields are ignored. */
export const problemFields = z.looseObject({
  id: idJson.nullish(),
  problemId: line,
  title: line,
  author: line,
  type: number,
  timeLimit: number,
  memoryLimit: number,
  stackLimit: number,
  description: text,
  input: text,
  output: text,
  examples: text,
  source: boundedText(textMax.paragraph).nullish(),
  hint: text,
  difficulty: number,
  auth: number,
  codeShare: flag,
  isRemoveEndBlank: flag,
  openCaseResult: flag,
  isUploadCase: flag,
  judgeMode: line,
  judgeCaseMode: line,
  spjCode: text,
  spjLanguage: line,
  isFileIO: flag,
  ioReadFileName: line,
  ioWriteFileName: line,
  /** JSON text: file name → content. */
  userExtraFile: text,
  judgeExtraFile: text,
});

/** One entry of `samples` (HOJ's ProblemCase): file names for uploaded data, literal text for manual data. */
export const problemCaseFields = z.looseObject({
  input: boundedText(textMax.file).nullish(),
  output: boundedText(textMax.file).nullish(),
  score: score.optional(),
  groupNum: number,
});

/** POST and PUT /api/admin/problem: HOJ's ProblemDTO (admin §4.4, judging.md §7.2). */
export const saveProblemBody = z.looseObject({
  problem: problemFields.nullish(),
  samples: z.array(problemCaseFields).max(listMax.items).nullish(),
  isUploadTestCase: flag,
  /** What upload-testcase-zip answered as `fileListDir`; absent when the data was not uploaded again. */
  uploadTestcaseDir: line,
  judgeMode: line,
  changeModeCode: flag,
  changeJudgeCaseMode: flag,
  languages: z
    .array(z.looseObject({ id: number, name: boundedText(textMax.line) }))
    .max(listMax.ids)
    .nullish(),
  tags: z
    .array(z.looseObject({ id: number, name: boundedText(textMax.line), color: line, oj: line }))
    .max(listMax.ids)
    .nullish(),
  codeTemplates: z
    .array(z.looseObject({ lid: number, language: line, code: text, status: flag }))
    .max(listMax.ids)
    .nullish(),
});
export type SaveProblemBody = z.infer<typeof saveProblemBody>;

const contestId = idParam;
/**
 * POST and PUT /api/admin/contest/problem: the same ProblemDTO naming its contest. HOJ's editor puts the
 * route's contest id (a string) into `problem.cid`; our editor sends it at the top level too.
 */
export const saveContestProblemBody = saveProblemBody.extend({
  cid: contestId.nullish(),
  problem: problemFields.extend({ cid: contestId.nullish() }).nullish(),
});

export const changeProblemAuthBody = z.object({ id: idJson, auth: int4Json });

/** POST /api/admin/problem/compile-spj and compile-interactive (admin §5.7 CompileDTO). */
export const compileProgramBody = z.looseObject({
  code: text,
  language: line,
  pid: number,
  /** The problem's judge extra files, name → text; anything else (absent, null, another shape) reads as none. */
  extraFiles: z.record(boundedText(textMax.line), boundedText(textMax.document)).catch({}),
});
export type CompileProgramBody = z.infer<typeof compileProgramBody>;

/** Our reply to POST /api/admin/problem (HOJ answers null; the ids save the client a lookup) and /contest/problem. */
export const createProblemReply = z.object({ pid: z.number().int(), problemId: z.string() });

/** POST /api/file/upload-testcase-zip's query (admin §6); `mode` may come as a form field instead. */
export const uploadTestCaseQuery = z.object({
  mode: boundedText(textMax.line).optional(),
  gid: boundedText(textMax.line).optional(),
});

/** POST /api/file/upload-testcase-zip's `data` (admin §6). `fileListDir` is an opaque token here. */
export const uploadTestCaseReply = z.object({
  fileList: z.array(z.object({ input: z.string(), output: z.string(), groupNum: z.number().int().optional() })),
  fileListDir: z.string(),
});
