import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { adminRoles, principalOf, success, type Clock } from '@oj/platform';
import { dashboardInfo, previousLoginSession } from './admin-dashboard.queries';

export interface AdminDashboardContext {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
}

const backOffice = { config: { access: 'login' as const, roles: adminRoles } };

/** The back office's home figures and the caller's previous login (admin §5.1). */
export function adminDashboardRoutes(app: FastifyInstance, context: AdminDashboardContext): void {
  app.get('/admin/dashboard/get-dashboard-info', backOffice, async () =>
    success(await dashboardInfo(context.db, context.clock.now())),
  );
  app.post('/admin/dashboard/get-sessions', backOffice, async (request) =>
    success(await previousLoginSession(context.db, principalOf(request).userId)),
  );
}
