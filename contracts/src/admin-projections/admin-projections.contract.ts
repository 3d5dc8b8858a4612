import { z } from 'zod';

/** Ours (HOJ has no such page): projection rebuilds from the back office (issue 13 item 5, docs/events-store.md). */
export const projectionRebuildStates = ['queued', 'replaying', 'swapping', 'done', 'failed'] as const;
export type ProjectionRebuildState = (typeof projectionRebuildStates)[number];

const tableRowSchema = z.record(z.string(), z.unknown());

/** One owned table: the live rows against the rebuilt ones, both at the same position, matched by primary key. */
export const tableDiffSchema = z.object({
  table: z.string(),
  oldRows: z.number().int(),
  newRows: z.number().int(),
  onlyInOld: z.number().int(),
  onlyInNew: z.number().int(),
  changed: z.number().int(),
  /** A few rows of each kind, long texts cut. */
  examples: z.array(
    z.object({
      kind: z.enum(['onlyInOld', 'onlyInNew', 'changed']),
      old: tableRowSchema.nullable(),
      new: tableRowSchema.nullable(),
    }),
  ),
});
export type TableDiff = z.infer<typeof tableDiffSchema>;

export const rebuildReportSchema = z.object({
  /** No table has a row only in the old, only in the new, or changed. */
  identical: z.boolean(),
  eventCount: z.number().int(),
  position: z.string(),
  tables: z.array(tableDiffSchema),
});
export type RebuildReport = z.infer<typeof rebuildReportSchema>;

/** A rebuild request with its progress, and its report once done. Positions and counts past 2^53 are strings. */
export const projectionRebuildSchema = z.object({
  id: z.string(),
  projection: z.string(),
  state: z.enum(projectionRebuildStates),
  requestedBy: z.string(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  replayedEvents: z.number().int(),
  /** Events in the store when the replay started; null when the store cannot count them (KurrentDB). */
  totalEvents: z.number().int().nullable(),
  position: z.string(),
  report: rebuildReportSchema.nullable(),
  error: z.string().nullable(),
});
export type ProjectionRebuild = z.infer<typeof projectionRebuildSchema>;

export const projectionStates = ['running', 'rebuilding', 'quarantined'] as const;

/** GET /api/admin/projections: every registered projection (root and admins). */
export const projectionStatusSchema = z.object({
  name: z.string(),
  checkpoint: z.string(),
  /** Events in the store past the checkpoint, and the age of the oldest of them; null when the store is not here. */
  lagEvents: z.number().int().nullable(),
  lagSeconds: z.number().nullable(),
  tables: z.array(z.object({ table: z.string(), rows: z.number().int() })),
  /** rebuilding while a request is queued or running; quarantined while it has dead letters; else running. */
  state: z.enum(projectionStates),
  deadLetters: z.number().int(),
  /** The newest request, whatever its state (its report when done). */
  lastRebuild: projectionRebuildSchema.nullable(),
});
export type ProjectionStatus = z.infer<typeof projectionStatusSchema>;

export const projectionsOverviewSchema = z.object({
  /** The store's last position; null when the store is not in this database. */
  head: z.string().nullable(),
  projections: z.array(projectionStatusSchema),
});
export type ProjectionsOverview = z.infer<typeof projectionsOverviewSchema>;

/** The /api/ws topic of rebuild progress (`liveTopics.adminProjections` on the server), root and admins only. */
export const adminProjectionsTopic = 'admin-projections';

/** The name that asks for every projection. */
export const allProjections = 'all';

/** POST /api/admin/projections/rebuild: one projection by name, or `all`. */
export const rebuildProjectionsBody = z.object({ projection: z.string().trim().min(1).max(100) });
export type RebuildProjectionsBody = z.infer<typeof rebuildProjectionsBody>;

export const rebuildProjectionsReplySchema = z.object({
  queued: z.array(z.object({ id: z.string(), projection: z.string() })),
  /** With `all`: those already queued or rebuilding, left as they are. */
  alreadyRebuilding: z.array(z.string()),
});
export type RebuildProjectionsReply = z.infer<typeof rebuildProjectionsReplySchema>;

/** GET /api/admin/projections/rebuild?id=…: one request, its progress and report. */
export const projectionRebuildQuery = z.object({ id: z.string().regex(/^\d{1,18}$/) });
