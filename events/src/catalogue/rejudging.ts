import { z } from 'zod';
import { defineStreamEvents, type StreamEventOf } from './define-stream-events';
import {
  auditReasonSchema,
  inProgressStatuses,
  judgeSettingsSchema,
  parseSubmissionEvent,
  submissionEventSchemas,
  submissionJudgedSchema,
  submissionStatusAfter,
  submissionVerdictSchema,
  type SubmissionEvent,
  type SubmissionStatusCursor,
} from './submission';

/**
 * The `rejudging-<id>` stream (issue 13 item 4, DOMjudge's "rejudgings"): an admin stages a rejudge of chosen
 * submissions, the judge judges them into this stream only (no submission stream, board or user sees it), and
 * the admin applies it (one event: every projection takes its results as the submissions' next attempts at once)
 * or discards it. Exactly one of RejudgingApplied / RejudgingDiscarded ends a rejudging.
 */

const instantSchema = z.iso.datetime({ offset: true });

/** At most this many submissions per rejudging: the applied event carries them all, and the diff folds them. */
export const rejudgingMaxSubmissions = 500;

/** The selection as the admin gave it, kept for the record (the items are what counts). */
export const rejudgingFiltersSchema = z.object({
  contestId: z.number().int().positive().nullable(),
  problemId: z.number().int().positive().nullable(),
  status: submissionVerdictSchema.nullable(),
  language: z.string().min(1).nullable(),
  userId: z.string().min(1).nullable(),
  from: instantSchema.nullable(),
  to: instantSchema.nullable(),
});
export type RejudgingFilters = z.infer<typeof rejudgingFiltersSchema>;

/** One staged submission, with its live verdict when staged (the "old" side of the diff). */
export const rejudgingItemSchema = z.object({
  submissionId: z.number().int().positive(),
  /** The live attempt it was staged from; applying replaces that attempt's verdict. */
  attempt: z.number().int().nonnegative(),
  problemId: z.number().int().positive(),
  contestId: z.number().int().positive().nullable(),
  userId: z.string().min(1),
  username: z.string().min(1),
  status: submissionVerdictSchema,
  score: z.number().int().nonnegative().nullable(),
  timeMs: z.number().int().nonnegative().nullable(),
});
export type RejudgingItem = z.infer<typeof rejudgingItemSchema>;

export const rejudgingStagedSchema = z.object({
  rejudgingId: z.uuid(),
  filters: rejudgingFiltersSchema,
  reason: auditReasonSchema.min(1),
  stagedBy: z.string().min(1),
  stagedAt: instantSchema,
  items: z.array(rejudgingItemSchema).min(1).max(rejudgingMaxSubmissions),
  /** Problem id → its judge settings as they are now (what a live rejudge would copy), one per problem. */
  settings: z.record(z.string().regex(/^[1-9][0-9]*$/), judgeSettingsSchema),
});
export type RejudgingStaged = z.infer<typeof rejudgingStagedSchema>;

/** The staged verdict of one submission: SubmissionJudged's facts without an attempt (its cases are not kept). */
export const stagedResultSchema = submissionJudgedSchema.omit({ attempt: true });
export type StagedResult = z.infer<typeof stagedResultSchema>;

export const rejudgingSubmissionJudgedSchema = stagedResultSchema.extend({ rejudgingId: z.uuid() });
export type RejudgingSubmissionJudged = z.infer<typeof rejudgingSubmissionJudgedSchema>;

/**
 * A result as applied: the staged verdict replaces the verdict of attempt `attempt` (the one it was staged from),
 * as a manual verdict does, so the submission stream's own attempt numbering (live rejudges, the judge's
 * decisions) stays right without the stream knowing of the rejudging.
 */
export const appliedResultSchema = stagedResultSchema.extend({
  attempt: z.number().int().nonnegative(),
  /** The settings it was judged with, so the rows show the test-data version of the new attempt. */
  testDataVersion: z.string().min(1),
  /**
   * The verdict it was staged from. A projection that finds another verdict on the attempt (a manual verdict
   * landed between the apply's check and its append) leaves it: the later decision of a person wins. Absent on
   * rejudgings applied before it existed.
   */
  stagedFrom: submissionVerdictSchema.optional(),
});
export type AppliedResult = z.infer<typeof appliedResultSchema>;

export const rejudgingAppliedSchema = z.object({
  rejudgingId: z.uuid(),
  contestIds: z.array(z.number().int().positive()),
  results: z.array(appliedResultSchema).max(rejudgingMaxSubmissions),
  /** Staged submissions left as they are: changed after staging (another rejudge, a manual verdict, a cancel). */
  skipped: z.array(z.number().int().positive()).max(rejudgingMaxSubmissions),
  appliedBy: z.string().min(1),
  appliedAt: instantSchema,
  reason: auditReasonSchema.optional(),
});
export type RejudgingApplied = z.infer<typeof rejudgingAppliedSchema>;

export const rejudgingDiscardedSchema = z.object({
  rejudgingId: z.uuid(),
  discardedBy: z.string().min(1),
  discardedAt: instantSchema,
  reason: auditReasonSchema.optional(),
});
export type RejudgingDiscarded = z.infer<typeof rejudgingDiscardedSchema>;

const rejudgingEvents = defineStreamEvents({
  RejudgingStaged: rejudgingStagedSchema,
  RejudgingSubmissionJudged: rejudgingSubmissionJudgedSchema,
  RejudgingApplied: rejudgingAppliedSchema,
  RejudgingDiscarded: rejudgingDiscardedSchema,
});

export const rejudgingEventSchemas = rejudgingEvents.schemas;
export type RejudgingEvent = StreamEventOf<typeof rejudgingEventSchemas>;
export const parseRejudgingEvent = rejudgingEvents.parse;

/** The event type that puts staged work on the judge queue (one task per item). */
export const rejudgingRequestEventTypes = ['RejudgingStaged'] as const;

/**
 * A submission's status after an applied result: the staged verdict on the attempt it was staged from, when the
 * submission still stands at that attempt with the verdict it was staged from and it is final; otherwise null (a
 * newer rejudge or a manual verdict wins). Every submission projection and the board fold step with this one rule.
 */
export function appliedResultAfter(
  cursor: SubmissionStatusCursor | null,
  result: Pick<AppliedResult, 'attempt' | 'status' | 'stagedFrom'>,
): SubmissionStatusCursor | null {
  if (!cursor || cursor.attempt !== result.attempt) return null;
  if (inProgressStatuses.includes(cursor.status)) return null;
  if (result.stagedFrom !== undefined && cursor.status !== result.stagedFrom) return null;
  return { attempt: result.attempt, status: result.status };
}

/** The applied results of a recorded event, or [] for any other event: how projections read RejudgingApplied. */
export function appliedResultsOf(event: { readonly type: string; readonly data: unknown }): readonly AppliedResult[] {
  return event.type === 'RejudgingApplied' ? rejudgingAppliedSchema.parse(event.data).results : [];
}

/** An applied result in the shape a submission projection steps: one per submission of a RejudgingApplied. */
export interface AppliedVerdict {
  readonly type: 'RejudgingResultApplied';
  readonly data: AppliedResult;
}

/** What a submission projection folds: the submission's own events, and the applied results of rejudgings. */
export type SubmissionChange = SubmissionEvent | AppliedVerdict;

/** The event types a submission projection subscribes to besides its stream's own. */
export const submissionChangeEventTypes = ['RejudgingApplied'] as const;

/**
 * The judge's progress on an attempt: each only moves it from one in-progress status to the next (Pending →
 * Compiling → Judging, `submissionStatusAfter`), and no other change tells those statuses apart (a verdict, a
 * failure or an applied result asks only whether the attempt is in progress; a rejudge, a manual verdict and a
 * cancel ask nothing of the status). So a projection that keeps no more than "in progress" may leave them out:
 * its cursor then stays Pending until the attempt ends, and every other change steps it exactly as it steps the
 * cursor that saw them (judge-progress.test.ts checks it on any history). Only the submissions projection, which
 * shows Compiling and Judging and the cases, needs them; the others saved a batch per projection per case.
 */
export const judgeProgressEventTypes: readonly string[] = ['JudgeStarted', 'CaseJudged'];

/** `submissionChangeEventTypes` with the submission stream's own, less the judge's progress (see above). */
export const submissionOutcomeEventTypes: readonly string[] = [
  ...Object.keys(submissionEventSchemas).filter((type) => !judgeProgressEventTypes.includes(type)),
  ...submissionChangeEventTypes,
];

/**
 * The submission changes a recorded event carries: its parsed submission event, or one per applied result of a
 * RejudgingApplied (each for a different submission, so a projection keyed by submission and guarded by the
 * event's position applies each once), or none.
 */
export function submissionChangesOf(event: {
  readonly type: string;
  readonly data: unknown;
}): readonly SubmissionChange[] {
  const known = parsedChanges.get(event);
  if (known) return known;
  const changes: readonly SubmissionChange[] =
    event.type === 'RejudgingApplied'
      ? appliedResultsOf(event).map((data) => ({ type: 'RejudgingResultApplied', data }))
      : [parseSubmissionEvent(event)].filter((parsed) => parsed !== null);
  parsedChanges.set(event, changes);
  return changes;
}

/**
 * Each recorded event's changes, parsed once: the projector hands one event object to every projection (a verdict
 * reaches eight of them, and the scoreboard reads it twice: its read ahead, then its apply), and events are
 * immutable. Weak, so an event's entry goes with the event.
 */
const parsedChanges = new WeakMap<object, readonly SubmissionChange[]>();

/** `submissionStatusAfter` for either kind of change: the one rule every submission projection folds with. */
export function statusAfterChange(
  cursor: SubmissionStatusCursor | null,
  change: SubmissionChange,
): SubmissionStatusCursor | null {
  return change.type === 'RejudgingResultApplied'
    ? appliedResultAfter(cursor, change.data)
    : submissionStatusAfter(cursor, change);
}
