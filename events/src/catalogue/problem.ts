import { z } from 'zod';
import { defineStreamEvents, type StreamEventOf } from './define-stream-events';

/**
 * The `problem-<pid>` stream: a problem of the own bank (oj "ME"), created, edited, re-published and deleted
 * by problem admins (admin §5.7). Every edit carries the whole definition the admin saved, because HOJ's editor
 * always sends the whole problem; the test data travels as blob hashes (DESIGN, "Large blobs").
 */

const instant = z.iso.datetime({ offset: true });
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * A plain file name (issue 10, F3): a file-IO name or an extra file's name, which the judge puts inside the
 * program's box and reads back from it. One path component only: no separator (`/`, `\`), not `.` or `..`,
 * no leading `.` or `-`, no control or NUL character, at most 128 characters. Deliberately an allow-list
 * (letters, digits, `_`, `.`, `+`, `-`): the same rule the judge always applied, now shared by the command,
 * the catalogue and the judge, so a name the judge would refuse can no longer be saved.
 */
export const plainFileName = z
  .string()
  .max(128)
  .regex(/^[A-Za-z0-9_][A-Za-z0-9._+-]*$/, 'Not a plain file name');

/** A file the admin attached (judging.md §6): its text as HOJ keeps it, and its blob for the judge. */
export const ProblemExtraFile = z.object({ content: z.string(), sha256 });

/** One test case (judging.md §7.2). Manual cases keep their literal text for the editor; uploaded ones don't. */
export const ProblemTestCase = z.object({
  caseId: z.number().int().positive(),
  inputName: z.string().min(1),
  outputName: z.string().min(1),
  inputSha256: sha256,
  outputSha256: sha256,
  /** OI case score; 0 for ACM problems. */
  score: z.number().int().nonnegative(),
  groupNum: z.number().int().positive(),
  /** The text typed in the editor for manual cases; null for uploaded files. */
  manualInput: z.string().nullable(),
  manualOutput: z.string().nullable(),
});
export type ProblemTestCase = z.infer<typeof ProblemTestCase>;

export const ProblemCodeTemplate = z.object({
  language: z.string().min(1),
  code: z.string(),
  /** HOJ's `status`: only enabled templates reach the problem page. */
  enabled: z.boolean(),
});

/** Everything the admin problem editor saves (spec 002 §3 'Group problem', admin §5.7), in our units. */
export const ProblemDefinition = z.object({
  /** HOJ's `problem_id`, stored upper-cased; unique case-insensitively. */
  displayId: z.string().min(1).max(50),
  title: z.string().min(1).max(255),
  /** A username, as HOJ keeps it. */
  author: z.string(),
  type: z.enum(['ACM', 'OI']),
  /** 1 public, 2 private, 3 contest (HOJ's `auth`). */
  auth: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  difficulty: z.number().int().min(0).max(2),
  timeLimitMs: z.number().int().positive(),
  memoryLimitMib: z.number().int().positive(),
  stackLimitMib: z.number().int().positive(),
  description: z.string(),
  input: z.string(),
  output: z.string(),
  /** One string of repeated `<input>…</input><output>…</output>` pairs, as HOJ stores it. */
  examples: z.string(),
  hint: z.string(),
  source: z.string(),
  ioScore: z.number().int().nonnegative(),
  codeShare: z.boolean(),
  isRemoveEndBlank: z.boolean(),
  openCaseResult: z.boolean(),
  judgeMode: z.enum(['default', 'spj', 'interactive']),
  judgeCaseMode: z.enum(['default', 'subtask_lowest', 'subtask_average', 'ergodic_without_error']),
  /** The checker (spj) or interactor source; null in default mode. */
  judgeProgram: z.object({ language: z.string().min(1), code: z.string().min(1), sha256 }).nullable(),
  fileIo: z.object({ inputFileName: plainFileName, outputFileName: plainFileName }).nullable(),
  userExtraFiles: z.record(plainFileName, ProblemExtraFile),
  judgeExtraFiles: z.record(plainFileName, ProblemExtraFile),
  /** Language names offered for the problem, e.g. "C++", "Python3". */
  languages: z.array(z.string().min(1)).min(1),
  codeTemplates: z.array(ProblemCodeTemplate),
  /** Tag ids of the tag catalogue (`tags` stream). */
  tagIds: z.array(z.number().int().positive()),
  isUploadCase: z.boolean(),
  testCases: z.array(ProblemTestCase),
  /** HOJ's caseVersion: changes whenever what the judge runs changes (judging.md §7.2). */
  testDataVersion: z.string().min(1),
});
export type ProblemDefinition = z.infer<typeof ProblemDefinition>;

export const problemCreatedSchema = z.object({
  problemId: z.number().int().positive(),
  definition: ProblemDefinition,
  /** The creator's username, as HOJ records it: display text, like the definition's `author`. */
  createdBy: z.string().min(1),
  /**
   * The creator's uid: with root and problem_admin, the only one who may manage the problem (issue 10, F14).
   * Events appended before it was recorded read as null, so only root and problem admins manage those.
   */
  creatorId: z.string().min(1).nullable().default(null),
  createdAt: instant,
});

/** An admin saved the problem editor: the definition as it now is (PUT /api/admin/problem). */
export const problemEditedSchema = z.object({
  problemId: z.number().int().positive(),
  definition: ProblemDefinition,
  editedBy: z.string().min(1),
  editedAt: instant,
});

/** PUT /api/admin/problem/change-problem-auth: public, private or contest-only. */
export const problemVisibilityChangedSchema = z.object({
  problemId: z.number().int().positive(),
  auth: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  changedBy: z.string().min(1),
  changedAt: instant,
});

export const problemDeletedSchema = z.object({
  problemId: z.number().int().positive(),
  deletedBy: z.string().min(1),
  deletedAt: instant,
});

export const problemEvents = defineStreamEvents({
  ProblemCreated: problemCreatedSchema,
  ProblemEdited: problemEditedSchema,
  ProblemVisibilityChanged: problemVisibilityChangedSchema,
  ProblemDeleted: problemDeletedSchema,
});
export const problemEventSchemas = problemEvents.schemas;
export type ProblemEvent = StreamEventOf<typeof problemEventSchemas>;

export const problemEventTypes = problemEvents.types;

/**
 * The `problemid-<KEY>` claim stream (KEY: the upper-cased display id): which problem holds a display id.
 * Appended with the stream's expected revision, so two admins saving one new id at once cannot both win.
 */
export const problemIdClaimedSchema = z.object({
  displayId: z.string().min(1),
  problemId: z.number().int().positive(),
  claimedAt: instant,
});

/** The holder moved to another display id, was deleted, or its save could not finish: the id is free again. */
export const problemIdReleasedSchema = z.object({
  displayId: z.string().min(1),
  problemId: z.number().int().positive(),
  releasedAt: instant,
});

export const problemIdClaimEvents = defineStreamEvents({
  ProblemIdClaimed: problemIdClaimedSchema,
  ProblemIdReleased: problemIdReleasedSchema,
});
export const problemIdClaimEventSchemas = problemIdClaimEvents.schemas;
export type ProblemIdClaimEvent = StreamEventOf<typeof problemIdClaimEventSchemas>;
