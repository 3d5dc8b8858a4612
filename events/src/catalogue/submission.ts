/* eslint-disable max-lines -- the submission stream is the largest (ten event types with the judge settings snapshot and HOJ codes). */
import { z } from 'zod';
import { defineStreamEvents, type StreamEventOf } from './define-stream-events';
import { plainFileName } from './problem';

/**
 * The `submission-<id>` stream: a submission is created, judged once per attempt, and rejudged as a new attempt.
 *
 * An attempt is numbered from 0 (the submission itself); each SubmissionRejudgeRequested opens the next one.
 * Every judge-side event names its attempt, so a late event of an older attempt is recognisable and ignored.
 * An attempt ends with exactly one final event: SubmissionJudged, or SubmissionJudgingFailed when the queue
 * gave up after its bounded deliveries (both read as final; the second is status SE).
 */

/** Verdict codes as the judge writes them; HOJ's numeric codes are mapped at the HTTP edge (judging.md §1.1). */
export const submissionVerdictSchema = z.enum(['AC', 'WA', 'PE', 'TLE', 'MLE', 'RE', 'CE', 'SE', 'PA', 'CA', 'SF']);
export type SubmissionVerdict = z.infer<typeof submissionVerdictSchema>;

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);
const instantSchema = z.iso.datetime({ offset: true });

/** The reason an admin gives for a rejudge, a manual verdict or a cancellation: free text, one paragraph at most. */
export const auditReasonMaxLength = 500;
export const auditReasonSchema = z.string().max(auditReasonMaxLength);

/** One test case as the judge needs it: names as HOJ shows them, contents by blob hash (judging.md §7). */
export const judgeTestCaseSchema = z.object({
  caseId: z.number().int(),
  inputName: z.string().min(1),
  outputName: z.string().min(1),
  inputSha256: sha256Schema,
  outputSha256: sha256Schema,
  /** OI case score; 0 for ACM problems. */
  score: z.number().int().nonnegative(),
  /** Subtask group; 1 outside the subtask modes. */
  groupNum: z.number().int().positive(),
});
export type JudgeTestCase = z.infer<typeof judgeTestCaseSchema>;

/** A program the judge compiles itself: the special judge's checker or the interactor (judging.md §5). */
export const judgeProgramSchema = z.object({
  language: z.string().min(1),
  sourceSha256: sha256Schema,
});

/**
 * Everything about the problem that judging depends on, copied when the submission is made (or rejudged),
 * so a worker judges from the event alone, with no problem read model, and a later problem edit never
 * changes how an already-queued attempt is judged.
 */
export const judgeSettingsSchema = z.object({
  problemType: z.enum(['ACM', 'OI']),
  judgeMode: z.enum(['default', 'spj', 'interactive']),
  judgeCaseMode: z.enum(['default', 'subtask_lowest', 'subtask_average', 'ergodic_without_error']),
  /** Before the language factor (judging.md §2); the judge applies it. */
  timeLimitMs: z.number().int().positive(),
  memoryLimitMib: z.number().int().positive(),
  stackLimitMib: z.number().int().positive(),
  isRemoveEndBlank: z.boolean(),
  /** The problem's total OI score and difficulty (0 easy, 1 mid, 2 hard), for oiRankScore (judging.md §4.4). */
  ioScore: z.number().int().nonnegative(),
  difficulty: z.number().int().min(0).max(2),
  /** HOJ's caseVersion: caches of compiled checkers are keyed by it. */
  testDataVersion: z.string().min(1),
  testCases: z.array(judgeTestCaseSchema).min(1),
  /** Present exactly when judgeMode is spj (checker) or interactive (interactor). */
  judgeProgram: judgeProgramSchema.nullable(),
  /** File IO problems name the files instead of stdin/stdout (judging.md §6). */
  fileIo: z.object({ inputFileName: plainFileName, outputFileName: plainFileName }).nullable(),
  /** File name → blob hash, copied next to the user program / the checker (judging.md §6). */
  userExtraFiles: z.record(plainFileName, sha256Schema),
  judgeExtraFiles: z.record(plainFileName, sha256Schema),
});
export type JudgeSettings = z.infer<typeof judgeSettingsSchema>;

export const submissionCreatedSchema = z.object({
  submissionId: z.number().int().positive(),
  problemId: z.number().int().positive(),
  problemDisplayId: z.string().min(1),
  userId: z.string().min(1),
  username: z.string().min(1),
  /** null outside contests (HOJ's cid 0) and outside groups. */
  contestId: z.number().int().positive().nullable(),
  contestProblemId: z.number().int().positive().nullable(),
  groupId: z.number().int().positive().nullable(),
  /** HOJ's language name, e.g. "C++ With O2". */
  language: z.string().min(1),
  code: z.string(),
  submittedAt: instantSchema,
  judge: judgeSettingsSchema,
});
export type SubmissionCreated = z.infer<typeof submissionCreatedSchema>;

/** An admin rejudge (judging.md §1.4): opens `attempt`, judged with the problem's settings as they are now. */
export const submissionRejudgeRequestedSchema = z.object({
  submissionId: z.number().int().positive(),
  attempt: z.number().int().positive(),
  requestedBy: z.string().min(1),
  requestedAt: instantSchema,
  judge: judgeSettingsSchema,
  /** Why the admin rejudged (issue 13, the audit trail); absent in events from before and when none was given. */
  reason: auditReasonSchema.optional(),
});
export type SubmissionRejudgeRequested = z.infer<typeof submissionRejudgeRequestedSchema>;

/** A worker took the attempt (HOJ's status 6 Compiling, judger = the worker's name). Repeats on redelivery. */
export const judgeStartedSchema = z.object({
  submissionId: z.number().int().positive(),
  attempt: z.number().int().nonnegative(),
  judger: z.string().min(1),
  /** JetStream's delivery count: 1 for the first try, more after a worker died or failed. */
  delivery: z.number().int().positive(),
  startedAt: instantSchema,
});
export type JudgeStarted = z.infer<typeof judgeStartedSchema>;

/** The longest case message a CaseJudged may carry (what judges before issue 11 cut at). */
export const caseMessageMaxLength = 16 * 1024;

/** An interactive case: the interactor's verdict and who finished first (null: the sandbox could not tell). */
export const caseInteractionSchema = z.object({
  interactorStatus: z.enum(['AC', 'WA', 'PE', 'PA', 'SE']),
  firstToFinish: z.enum(['interactor', 'program']).nullable(),
});
export type CaseInteraction = z.infer<typeof caseInteractionSchema>;

/** One case's result (HOJ's judge_case row, judging.md §3.7). Time and memory are raw, not capped. */
export const caseJudgedSchema = z.object({
  submissionId: z.number().int().positive(),
  attempt: z.number().int().nonnegative(),
  caseId: z.number().int(),
  /** 1-based position in the case list. */
  seq: z.number().int().positive(),
  groupNum: z.number().int().positive(),
  status: submissionVerdictSchema,
  timeMs: z.number().int().nonnegative(),
  memoryKib: z.number().int().nonnegative(),
  /** OI only; null for ACM. */
  score: z.number().int().nonnegative().nullable(),
  /**
   * The case message (exit-code text, checker or interactor message), never the program's output nor its
   * stderr. The judge cuts it on a code point to 1000 characters; judges before issue 11 cut at 16 Ki.
   */
  message: z.string().max(caseMessageMaxLength),
  inputName: z.string(),
  outputName: z.string(),
  /**
   * Interactive cases only (absent in other modes and in events from before issue 11): the interactor's own
   * verdict, which HOJ's order hides behind the program's TLE, MLE or RE, and which side ended first.
   */
  interaction: caseInteractionSchema.optional(),
});
export type CaseJudged = z.infer<typeof caseJudgedSchema>;

/** The attempt's final verdict (judging.md §1.2 step 7). Time and memory are capped at the limits. */
export const submissionJudgedSchema = z.object({
  submissionId: z.number().int().positive(),
  attempt: z.number().int().nonnegative(),
  status: submissionVerdictSchema,
  /** OI only; null for ACM and for judge-level failures. */
  score: z.number().int().nonnegative().nullable(),
  oiRankScore: z.number().int().nonnegative().nullable(),
  timeMs: z.number().int().nonnegative(),
  memoryKib: z.number().int().nonnegative(),
  /** Kept only for CE, SE, RE and SF, as HOJ does; null otherwise. */
  errorMessage: z.string().nullable(),
  judger: z.string().min(1),
  judgedAt: instantSchema,
});
export type SubmissionJudged = z.infer<typeof submissionJudgedSchema>;

/**
 * The queue gave up on the attempt: every allowed delivery ended without a verdict (worker crashes, system
 * errors). Read as final status SE with `reason` as the error message.
 */
export const submissionJudgingFailedSchema = z.object({
  submissionId: z.number().int().positive(),
  attempt: z.number().int().nonnegative(),
  reason: z.string().min(1),
  deliveries: z.number().int().positive(),
  failedAt: instantSchema,
});
export type SubmissionJudgingFailed = z.infer<typeof submissionJudgingFailedSchema>;

/**
 * Root set the verdict by hand (judging.md §1.5) on a final attempt. Ends that attempt for good: a worker that
 * still holds it finds it final and drops it. `judger` is the admin's username, as HOJ records it.
 */
export const submissionVerdictSetManuallySchema = z.object({
  submissionId: z.number().int().positive(),
  attempt: z.number().int().nonnegative(),
  status: submissionVerdictSchema,
  /** OI problems with an ioScore only, clamped to [0, ioScore]; null otherwise. */
  score: z.number().int().nonnegative().nullable(),
  oiRankScore: z.number().int().nonnegative().nullable(),
  judger: z.string().min(1),
  setBy: z.string().min(1),
  setAt: instantSchema,
  /** Why root set it (the audit trail); absent in events from before and when none was given. */
  reason: auditReasonSchema.optional(),
});
export type SubmissionVerdictSetManually = z.infer<typeof submissionVerdictSetManuallySchema>;

/** Root cancelled the attempt (judging.md §1.6): status CA; a queued task for it is dropped by the worker. */
export const submissionCancelledSchema = z.object({
  submissionId: z.number().int().positive(),
  attempt: z.number().int().nonnegative(),
  judger: z.string().min(1),
  cancelledBy: z.string().min(1),
  cancelledAt: instantSchema,
  /** Why root cancelled it (the audit trail); absent in events from before and when none was given. */
  reason: auditReasonSchema.optional(),
});
export type SubmissionCancelled = z.infer<typeof submissionCancelledSchema>;

/** The owner shared or unshared the code (PUT /api/submission). */
export const submissionShareChangedSchema = z.object({
  submissionId: z.number().int().positive(),
  share: z.boolean(),
  changedBy: z.string().min(1),
  changedAt: instantSchema,
});
export type SubmissionShareChanged = z.infer<typeof submissionShareChangedSchema>;

const submissionEvents = defineStreamEvents({
  SubmissionCreated: submissionCreatedSchema,
  SubmissionRejudgeRequested: submissionRejudgeRequestedSchema,
  JudgeStarted: judgeStartedSchema,
  CaseJudged: caseJudgedSchema,
  SubmissionJudged: submissionJudgedSchema,
  SubmissionJudgingFailed: submissionJudgingFailedSchema,
  SubmissionVerdictSetManually: submissionVerdictSetManuallySchema,
  SubmissionCancelled: submissionCancelledSchema,
  SubmissionShareChanged: submissionShareChangedSchema,
});

export const submissionEventSchemas = submissionEvents.schemas;

export type SubmissionEventType = keyof typeof submissionEventSchemas;

export type SubmissionEvent = StreamEventOf<typeof submissionEventSchemas>;

/** The event types that put an attempt on the judge queue. */
export const judgeRequestEventTypes = ['SubmissionCreated', 'SubmissionRejudgeRequested'] as const;

/** Parses a stored event of the submission stream; null for a type this catalogue does not know. */
export const parseSubmissionEvent = submissionEvents.parse;

/** A submission's status inside our code: a verdict code, or one of HOJ's in-progress states (judging.md §1.1). */
export type SubmissionStatus = SubmissionVerdict | 'Pending' | 'Compiling' | 'Judging';

export const inProgressStatuses: readonly SubmissionStatus[] = ['Pending', 'Compiling', 'Judging'];

export interface SubmissionStatusCursor {
  readonly attempt: number;
  readonly status: SubmissionStatus;
}

const isInProgress = (status: SubmissionStatus): boolean => inProgressStatuses.includes(status);

/**
 * The status after one event, or null when the event changes nothing: an event of an older attempt, a judge
 * event for an attempt that root already ended (manual verdict, cancel), or a share toggle. Every submission
 * projection folds statuses with this one function, so they agree on what a history means.
 */
export function submissionStatusAfter(
  cursor: SubmissionStatusCursor | null,
  event: SubmissionEvent,
): SubmissionStatusCursor | null {
  if (event.type === 'SubmissionCreated') return cursor ? null : { attempt: 0, status: 'Pending' };
  if (!cursor || event.type === 'SubmissionShareChanged') return null;
  if (event.type === 'SubmissionRejudgeRequested') {
    return event.data.attempt > cursor.attempt ? { attempt: event.data.attempt, status: 'Pending' } : null;
  }
  if (event.data.attempt !== cursor.attempt) return null;
  const at = (status: SubmissionStatus): SubmissionStatusCursor => ({ attempt: cursor.attempt, status });
  switch (event.type) {
    case 'JudgeStarted':
      return cursor.status === 'Pending' ? at('Compiling') : null;
    case 'CaseJudged':
      return cursor.status === 'Pending' || cursor.status === 'Compiling' ? at('Judging') : null;
    case 'SubmissionJudged':
      return isInProgress(cursor.status) ? at(event.data.status) : null;
    case 'SubmissionJudgingFailed':
      return isInProgress(cursor.status) ? at('SE') : null;
    case 'SubmissionVerdictSetManually':
      return at(event.data.status);
    case 'SubmissionCancelled':
      return at('CA');
  }
}

/** HOJ's numeric status codes (judging.md §1.1), for the HTTP edges only. */
export const hojStatusCodes: Readonly<Record<SubmissionStatus, number>> = {
  CA: -4,
  PE: -3,
  CE: -2,
  WA: -1,
  AC: 0,
  TLE: 1,
  MLE: 2,
  RE: 3,
  SE: 4,
  Pending: 5,
  Compiling: 6,
  Judging: 7,
  PA: 8,
  SF: 10,
};

/** The status a HOJ code names, or null for codes never stored (NS -10, SNR -5, Submitting 9) and unknown ones. */
export function statusOfHojCode(code: number): SubmissionStatus | null {
  const entry = Object.entries(hojStatusCodes).find(([, value]) => value === code);
  return entry ? (entry[0] as SubmissionStatus) : null;
}

/**
 * The judge's checker compile call (admin compile-spj / compile-interactive): a NATS request on the judges'
 * compile subject, answered by any judge process. Not an event; it lives here because both the command
 * service and the judge speak it and neither may import the other.
 */
export const compileCheckerRequestSchema = z.object({
  role: z.enum(['checker', 'interactor']),
  /** HOJ's checker language name (C or C++ family). */
  language: z.string().min(1),
  code: z.string().min(1),
  /** The problem's judge extra files as text (name → content), copied next to the source for the compile. */
  extraFiles: z.record(plainFileName, z.string()).default({}),
});
export type CompileCheckerRequest = z.infer<typeof compileCheckerRequestSchema>;

export const compileCheckerReplySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  /** `message` is the compiler's output (or why the judge could not compile). */
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type CompileCheckerReply = z.infer<typeof compileCheckerReplySchema>;
