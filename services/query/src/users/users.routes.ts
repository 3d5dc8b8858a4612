import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { hojReply, perAddress, principalOf, success, type ZodRequests } from '@oj/platform';
import { checkUsernameOrEmailBody, checkUsernameOrEmailReply, userAuthInfo } from '@oj/contracts';
import { emailExists, usernameExists } from './users.queries';

/** F8: the registration form asks on each field's blur; a script enumerating accounts is slowed per address. */
const checkRequests = perAddress(60, 60);

export function usersRoutes(server: FastifyInstance, db: Kysely<Database>): void {
  const app = server.withTypeProvider<ZodRequests>();
  app.post(
    '/check-username-or-email',
    {
      config: { access: 'anon', rateLimit: checkRequests },
      ...hojReply(checkUsernameOrEmailReply, { body: checkUsernameOrEmailBody }),
    },
    async (request) => {
      const { body } = request;
      return success({
        username: body.username ? await usernameExists(db, body.username) : false,
        email: body.email ? await emailExists(db, body.email) : false,
      });
    },
  );

  app.get('/get-user-auth-info', { config: { access: 'login' }, ...hojReply(userAuthInfo) }, async (request) =>
    success({ roles: [principalOf(request).role], permissions: null }),
  );
}
