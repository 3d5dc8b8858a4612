import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { ApiError, hojReply, success, type Clock, type ZodRequests } from '@oj/platform';
import { projectionRebuildQuery, projectionRebuildSchema, projectionsOverviewSchema } from '@oj/contracts';
import { projectionRebuild, projectionsOverview } from './admin-projections.queries';

export interface AdminProjectionsContext {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
}

/** The same audience as the rebuild command: the site's operators. */
const rootAndAdmins = { config: { access: 'login', roles: ['root', 'admin'] } } as const;

const adminProjectionsMessages = {
  noSuchRebuild: { 'zh-CN': '该重建记录不存在！', 'en-US': 'There is no such rebuild!' },
} as const;

/** The projections page of the back office (ours, issue 13 item 5); progress also pushes on `admin-projections`. */
export function adminProjectionsRoutes(server: FastifyInstance, context: AdminProjectionsContext): void {
  const app = server.withTypeProvider<ZodRequests>();
  app.get('/admin/projections', { ...rootAndAdmins, ...hojReply(projectionsOverviewSchema) }, async () =>
    success(await projectionsOverview(context.db, context.clock.now())),
  );
  app.get(
    '/admin/projections/rebuild',
    { ...rootAndAdmins, ...hojReply(projectionRebuildSchema, { query: projectionRebuildQuery }) },
    async (request) => {
      const { id } = request.query;
      const rebuild = await projectionRebuild(context.db, id);
      if (!rebuild) throw new ApiError(404, adminProjectionsMessages.noSuchRebuild);
      return success(rebuild);
    },
  );
}
