import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import {
  ApiError,
  hojReply,
  success,
  type Clock,
  type LocalizedText,
  type Principal,
  type ZodRequests,
} from '@oj/platform';
import { calendarHeatmapSchema, userHomeSchema, userLookupQuery } from '@oj/contracts';
import { findUser, readCalendarHeatmap, readUserHome, type UserLookup } from './user-home.queries';

export interface UserHomeQueryContext {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
}

/** api-core §5 messages (zh-CN is HOJ's). */
const userHomeMessages = {
  lookupMissing: {
    'zh-CN': '请求参数错误：uid和username不能都为空！',
    'en-US': 'Bad request: uid and username must not both be empty!',
  },
  userMissing: { 'zh-CN': '用户不存在', 'en-US': 'The user does not exist' },
} as const satisfies Record<string, LocalizedText>;

/** Neither key given: the caller's own profile when signed in (api-core §5). */
function lookupOf(query: UserLookup, principal: Principal | null): UserLookup {
  if (query.uid || query.username) return query;
  if (principal) return { uid: principal.userId };
  throw new ApiError(400, userHomeMessages.lookupMissing);
}

export function userHomeRoutes(server: FastifyInstance, context: UserHomeQueryContext): void {
  const app = server.withTypeProvider<ZodRequests>();
  // "open" in HOJ (no annotation): a bad token is refused, none reads anonymously.
  app.get(
    '/get-user-home-info',
    { config: { access: 'open' }, ...hojReply(userHomeSchema, { query: userLookupQuery }) },
    async (request) => {
      const user = await findUser(context.db, lookupOf(request.query, request.principal));
      // Banned users look missing (api-core §5).
      if (!user || user.status !== 0) throw new ApiError(400, userHomeMessages.userMissing);
      return success(await readUserHome(context.db, user));
    },
  );

  app.get(
    '/get-user-calendar-heatmap',
    { config: { access: 'anon' }, ...hojReply(calendarHeatmapSchema, { query: userLookupQuery }) },
    async (request) => {
      const user = await findUser(context.db, lookupOf(request.query, request.principal));
      return success(await readCalendarHeatmap(context.db, user?.user_id ?? null, context.clock.now()));
    },
  );
}
