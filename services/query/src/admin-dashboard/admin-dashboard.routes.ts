import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { adminRoles, hojReply, principalOf, success, type Clock } from '@oj/platform';
import { dashboardInfoSchema, loginSessionSchema, quarantinedEventsSchema } from '@oj/contracts';
import { dashboardInfo, previousLoginSession, quarantinedEvents } from './admin-dashboard.queries';

export interface AdminDashboardContext {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
}

const backOffice = { config: { access: 'login' as const, roles: adminRoles } };
/** Event store health is the site operator's concern: payload fragments in the errors are not for other admins. */
const rootOnly = { config: { access: 'login' as const, roles: ['root' as const] } };

/** The back office's home figures and the caller's previous login (admin §5.1); to root, quarantined events. */
export function adminDashboardRoutes(app: FastifyInstance, context: AdminDashboardContext): void {
  app.get('/admin/dashboard/get-dashboard-info', { ...backOffice, ...hojReply(dashboardInfoSchema) }, async () =>
    success(await dashboardInfo(context.db, context.clock.now())),
  );
  // HOJ's client posts the uid as a bare form value (form-body.ts); no body is read, so none is declared: the
  // session shown is always the caller's own.
  app.post('/admin/dashboard/get-sessions', { ...backOffice, ...hojReply(loginSessionSchema) }, async (request) =>
    success(await previousLoginSession(context.db, principalOf(request).userId)),
  );
  app.get('/admin/dashboard/get-quarantined-events', { ...rootOnly, ...hojReply(quarantinedEventsSchema) }, async () =>
    success(await quarantinedEvents(context.db)),
  );
}
