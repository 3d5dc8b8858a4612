import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import {
  ApiError,
  basicCredentialsOf,
  checkPassword,
  platformMessages,
  principalLoader,
  signInLimiters,
  type FindCredentials,
  type PasswordHasher,
  type Principal,
} from '@oj/platform';

/** What basic auth needs: the accounts' password hashes (from the event store) and the shared argon2 verifier. */
export interface CcsPasswordSignIn {
  readonly findCredentials: FindCredentials;
  readonly passwords: Pick<PasswordHasher, 'verify'>;
}

const wrongCredentials = {
  'zh-CN': '用户名或密码错误！请注意大小写！',
  'en-US': 'The username or password is wrong! Mind upper and lower case.',
} as const;

/**
 * HTTP basic auth for the ICPC Contest API (tools such as the ICPC Resolver and CDS speak it, not our JWT): a
 * route-level onRequest hook that runs after the site's token hook. A request with a token or no credentials is
 * left as the token hook made it; `Authorization: Basic` is checked by @oj/platform's `checkPassword`, under the
 * same per-address and per-account limiters and the same argon2 concurrency limit as /login, so it is no side door
 * around the sign-in lock. Wrong credentials, an unknown or banned account: 401 with `WWW-Authenticate`; locked:
 * 429. Without `signIn` (a query process with no event store) every basic-auth attempt is a 401.
 */
export function ccsBasicAuth(
  app: FastifyInstance,
  db: Kysely<Database>,
  signIn: CcsPasswordSignIn | undefined,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const limiters = signInLimiters(app, (request) => basicCredentialsOf(request.headers.authorization)?.username ?? '');
  const loadPrincipal = principalLoader(db);
  const refuse = (reply: FastifyReply): never => {
    reply.header('WWW-Authenticate', 'Basic realm="oj ccs", charset="UTF-8"');
    throw new ApiError(401, wrongCredentials, {}, { httpStatus: 401 });
  };
  return async (request, reply) => {
    if (request.principal) return;
    const header = request.headers.authorization;
    if (!header || !/^Basic\s/i.test(header)) return;
    const credentials = basicCredentialsOf(header);
    if (!credentials || !signIn || credentials.username.length > 20 || credentials.password.length > 256) {
      return refuse(reply);
    }
    const checked = await checkPassword(
      { limiters, findCredentials: signIn.findCredentials, passwords: signIn.passwords },
      request,
      credentials.username.trim(),
      credentials.password.trim(),
    );
    if (checked.outcome !== 'signed-in') return refuse(reply);
    const principal: Principal | null = await loadPrincipal(checked.userId);
    if (!principal) return refuse(reply);
    if (principal.isBanned) {
      reply.header('WWW-Authenticate', 'Basic realm="oj ccs", charset="UTF-8"');
      throw new ApiError(401, platformMessages.accountBanned, {}, { httpStatus: 401 });
    }
    request.principal = principal;
  };
}
