import { z } from 'zod';
import { boundedText, idJson, idParam } from '../input/bounded-input.contract';
import { pageNumber, pageSizeOf } from '../paging/paging.contract';

/**
 * Staged rejudges under /api/admin/rejudgings (ours; HOJ has none; DOMjudge's "rejudgings" with apply/cancel are
 * the model; docs/judging.md "Staged rejudges", docs/api.md). Verdicts travel as our codes (AC, WA …), not HOJ's
 * numbers: only the back office reads them.
 */

export const rejudgingVerdicts = ['AC', 'WA', 'PE', 'TLE', 'MLE', 'RE', 'CE', 'SE', 'PA', 'CA', 'SF'] as const;
export const rejudgingStates = ['judging', 'judged', 'applied', 'discarded'] as const;
export type RejudgingStateName = (typeof rejudgingStates)[number];

/** The most submissions one rejudging may hold (the event store's RejudgingStaged says the same). */
export const rejudgingMaxSubmissions = 500;
export const rejudgingReasonMaxLength = 500;

const instant = z.iso.datetime({ offset: true });
const accountKey = z
  .string()
  .max(64, { abort: true })
  .regex(/^[\w.-]+$/);

/** POST /api/admin/rejudgings: the selection and the reason (required; a blank one is refused by the command). */
export const stageRejudgingBody = z.object({
  cid: idJson.optional(),
  pid: idJson.optional(),
  status: z.enum(rejudgingVerdicts).optional(),
  language: boundedText(64).optional(),
  /** A uid or a username. */
  user: accountKey.optional(),
  /** Submitted at or after `from`, before `to`. */
  from: instant.optional(),
  to: instant.optional(),
  reason: boundedText(rejudgingReasonMaxLength),
});
export type StageRejudgingBody = z.infer<typeof stageRejudgingBody>;

export const rejudgingIdSchema = z.uuid();

/** POST /api/admin/rejudgings/apply and /discard. */
export const endRejudgingBody = z.object({
  id: rejudgingIdSchema,
  reason: boundedText(rejudgingReasonMaxLength).optional(),
});
export type EndRejudgingBody = z.infer<typeof endRejudgingBody>;

export const stagedRejudgingReply = z.object({ id: rejudgingIdSchema, total: z.number().int() });

/** GET /api/admin/rejudgings?cid=&currentPage=&limit= (newest first). */
export const rejudgingListQuery = z.object({
  cid: idParam.optional(),
  currentPage: pageNumber,
  limit: pageSizeOf(20, 100),
});

export const rejudgingSummarySchema = z.object({
  id: rejudgingIdSchema,
  cid: z.number().int().nullable(),
  state: z.enum(rejudgingStates),
  judged: z.number().int(),
  total: z.number().int(),
  reason: z.string(),
  stagedBy: z.string(),
  stagedByName: z.string().nullable(),
  stagedAt: z.string(),
  endedBy: z.string().nullable(),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
  skipped: z.array(z.number().int()),
});
export type RejudgingSummary = z.infer<typeof rejudgingSummarySchema>;

/** GET /api/admin/rejudgings/detail?id= */
export const rejudgingDetailQuery = z.object({ id: rejudgingIdSchema });

const verdictSide = z.object({
  status: z.string(),
  score: z.number().int().nullable(),
  timeMs: z.number().int().nullable(),
});

export const rejudgingItemViewSchema = z.object({
  submitId: z.number().int(),
  pid: z.number().int(),
  cid: z.number().int().nullable(),
  uid: z.string(),
  username: z.string(),
  old: verdictSide,
  /** null while the judge has not judged it. */
  new: verdictSide.nullable(),
  changed: z.boolean(),
});
export type RejudgingItemView = z.infer<typeof rejudgingItemViewSchema>;

/** A user's place on one board. */
const boardPlace = z.object({
  rank: z.number().int(),
  ac: z.number(),
  score: z.number(),
  penalty: z.number(),
  award: z.string().nullable(),
});

/** One user's place before and after (null: not on that board). */
export const boardMoveSchema = z.object({
  uid: z.string(),
  username: z.string(),
  before: boardPlace.nullable(),
  after: boardPlace.nullable(),
});
export type BoardMove = z.infer<typeof boardMoveSchema>;

/** Who solved each problem first, before and after (ACM contests). */
export const firstBloodMoveSchema = z.object({
  displayId: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});

export const rejudgingDetailSchema = z.object({
  rejudging: rejudgingSummarySchema,
  items: z.array(rejudgingItemViewSchema),
  /** The contest's board (live view, excluded users left out) before and after applying; null outside one contest. */
  board: z
    .object({
      cid: z.number().int(),
      type: z.enum(['ACM', 'OI']),
      moves: z.array(boardMoveSchema),
      firstBlood: z.array(firstBloodMoveSchema),
    })
    .nullable(),
});
export type RejudgingDetail = z.infer<typeof rejudgingDetailSchema>;

/** The websocket topic of one rejudging's progress and end (admins of the back office only). */
export const rejudgingTopic = (rejudgingId: string): string => `rejudging:${rejudgingId}`;
export const rejudgingsTopic = 'rejudgings';
