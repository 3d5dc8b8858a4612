import { z } from 'zod';
import { idParam } from '../input/bounded-input.contract';
import { pageNumber, pageSizeOf } from '../paging/paging.contract';

/**
 * GET /api/admin/audit and /api/admin/audit/export (ours; HOJ has no audit trail): the filters of the audit trail
 * (docs/audit.md). Unlike HOJ's list calls, a malformed filter is refused with 400, not read as "no filter": an
 * auditor who mistyped a contest id must not be shown the whole site's history as if it were that contest's.
 */

/** What a trail is about: the whole site, or one contest, problem, user (what they did or what was done to them) or submission. */
export const auditScopes = ['site', 'contest', 'problem', 'user', 'submission'] as const;
export type AuditScope = (typeof auditScopes)[number];

/** The entry kinds the projection writes (docs/audit.md lists which events each one covers). */
export const auditKinds = [
  'contest',
  'contest-problem',
  'registration',
  'announcement',
  'print',
  'problem',
  'test-data',
  'submission',
  'verdict',
  'rejudge',
  'manual-verdict',
  'cancellation',
  'account',
  'session',
  'site',
  'tag',
] as const;
export type AuditKind = (typeof auditKinds)[number];

/** A uid or a username: letters, digits, `_`, `-`, `.`, at most 64 characters. */
const accountKey = z
  .string()
  .max(64, { abort: true })
  .regex(/^[\w.-]+$/);
const instant = z.iso.datetime({ offset: true });
const eventType = z
  .string()
  .max(64, { abort: true })
  .regex(/^[A-Za-z]+$/);

const auditFilterFields = {
  scope: z.enum(auditScopes).default('site'),
  /** The contest, problem or submission id, or the user's uid; required unless the scope is `site`. */
  id: z.string().max(64, { abort: true }).optional(),
  /** Who acted: a uid or a username. */
  actor: accountKey.optional(),
  type: eventType.optional(),
  kind: z.enum(auditKinds).optional(),
  /** Recorded at or after `from`, and before `to`. */
  from: instant.optional(),
  to: instant.optional(),
};

type FilterFields = z.infer<z.ZodObject<typeof auditFilterFields>>;

/** The scope's id, checked for its scope: a positive integer, or a uid for `user`. */
function checkScopeId(filter: FilterFields, context: z.core.$RefinementCtx): void {
  if (filter.scope === 'site') return;
  const isValid =
    filter.scope === 'user'
      ? accountKey.safeParse(filter.id).success
      : idParam.safeParse(filter.id).success && /^\d+$/.test(filter.id ?? '');
  if (!isValid) context.addIssue({ code: 'custom', path: ['id'], message: `a valid ${filter.scope} id is required` });
}

export const auditFilterQuery = z.object(auditFilterFields).superRefine(checkScopeId);
export type AuditFilter = z.infer<typeof auditFilterQuery>;

export const auditPageQuery = z
  .object({ ...auditFilterFields, currentPage: pageNumber.default(1), limit: pageSizeOf(20, 100).default(20) })
  .superRefine(checkScopeId);

/** The most rows one export streams; narrow the filters (a time range) for more. */
export const auditExportMaxRows = 100_000;

export const auditExportQuery = z
  .object({
    ...auditFilterFields,
    format: z.enum(['ndjson', 'csv']).default('ndjson'),
    max: z.coerce.number().int().min(1).max(auditExportMaxRows).default(auditExportMaxRows),
  })
  .superRefine(checkScopeId);

export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** A secret (a password): it changed, and its values are never shown. */
  hidden: z.literal(true).optional(),
});
export type AuditChangeRow = z.infer<typeof auditChangeSchema>;

/** One entry of the trail, as the page lists it and each NDJSON line carries it. */
export const auditEntrySchema = z.object({
  /** The event's global position (a decimal string: it can exceed 2^53). */
  position: z.string(),
  eventId: z.string(),
  recordedAt: z.string(),
  stream: z.string(),
  eventType: z.string(),
  kind: z.string(),
  command: z.string(),
  cid: z.number().int().nullable(),
  pid: z.number().int().nullable(),
  uid: z.string().nullable(),
  /** The username of `uid` today. */
  username: z.string().nullable(),
  submitId: z.number().int().nullable(),
  /** A uid, or `judge:<name>` for the judge; null when the event recorded none. */
  actorId: z.string().nullable(),
  /** The actor's username today, when the actor is an account. */
  actorName: z.string().nullable(),
  ip: z.string().nullable(),
  correlationId: z.string().nullable(),
  changes: z.array(auditChangeSchema),
  reason: z.string().nullable(),
});
export type AuditEntryRow = z.infer<typeof auditEntrySchema>;

/** The CSV export's columns, in order (changes as `field: before → after` joined with `; `). */
export const auditCsvColumns = [
  'position',
  'recordedAt',
  'eventType',
  'kind',
  'command',
  'cid',
  'pid',
  'uid',
  'username',
  'submitId',
  'actorId',
  'actorName',
  'ip',
  'reason',
  'changes',
] as const;
