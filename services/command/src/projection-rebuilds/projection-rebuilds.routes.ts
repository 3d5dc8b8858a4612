import type { FastifyInstance } from 'fastify';
import { hojReply, principalOf, success, type ZodRequests } from '@oj/platform';
import { rebuildProjectionsBody, rebuildProjectionsReplySchema } from '@oj/contracts';
import type { CommandContext } from '../command-context';
import { requestProjectionRebuilds } from './rebuild-requests/request-projection-rebuilds';

/** Rebuilding replaces a read model every page reads: the site's operators, not problem admins. */
const rootAndAdmins = { config: { access: 'login', roles: ['root', 'admin'] } } as const;
const rebuildRequest = {
  ...rootAndAdmins,
  ...hojReply(rebuildProjectionsReplySchema, { body: rebuildProjectionsBody }),
};

/** POST /api/admin/projections/rebuild (ours, issue 13 item 5): the projector does the work; progress is a query. */
export function projectionRebuildsRoutes(server: FastifyInstance, context: Pick<CommandContext, 'db'>): void {
  const app = server.withTypeProvider<ZodRequests>();
  app.post('/admin/projections/rebuild', rebuildRequest, async (request) => {
    const { projection } = request.body;
    return success(await requestProjectionRebuilds(context.db, projection, principalOf(request).userId));
  });
}
