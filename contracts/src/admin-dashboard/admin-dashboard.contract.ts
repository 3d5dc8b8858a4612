import { z } from 'zod';

/** GET /api/admin/dashboard/get-dashboard-info (admin §5.1). */
export const dashboardInfoSchema = z.object({
  /** Every account. */
  userNum: z.number().int(),
  /** Visible public contests not ended that start by today + 14 days (UTC dates), as get-recent-contest lists. */
  recentContestNum: z.number().int(),
  /** Submissions made today (UTC), contest ones included; test runs are not submissions. */
  todayJudgeNum: z.number().int(),
});
export type DashboardInfo = z.infer<typeof dashboardInfoSchema>;

/**
 * POST /api/admin/dashboard/get-sessions: HOJ's Session of the caller's previous login (the newest when there was
 * only one; null when none is recorded). `id` is the login event's id, not HOJ's row number (its client never reads it).
 */
export const loginSessionSchema = z
  .object({
    id: z.string(),
    uid: z.string(),
    userAgent: z.string(),
    ip: z.string(),
    gmtCreate: z.string(),
    gmtModified: z.string(),
  })
  .nullable();
export type LoginSession = z.infer<typeof loginSessionSchema>;

/**
 * GET /api/admin/dashboard/get-quarantined-events (ours, root only; HOJ has no such call): the events the
 * projector set aside because a projection could not apply them (F5), newest first. A read model that
 * skipped an event is stale until someone looks, so the back office shows an alert while `total` > 0.
 */
export const quarantinedEventsSchema = z.object({
  total: z.number().int(),
  records: z.array(
    z.object({
      projection: z.string(),
      /** The event's global position in the store (a decimal string: it can exceed 2^53). */
      position: z.string(),
      eventId: z.string(),
      stream: z.string(),
      eventType: z.string(),
      error: z.string(),
      quarantinedAt: z.string(),
    }),
  ),
});
export type QuarantinedEvents = z.infer<typeof quarantinedEventsSchema>;
