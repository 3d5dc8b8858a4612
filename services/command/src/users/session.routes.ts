import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { userStream, type RoleName } from '@oj/events';
import {
  adminRoles,
  checkPassword,
  credentialsFromStore,
  cutText,
  hojReply,
  perAddress,
  principalOf,
  sendToken,
  signInLimiters,
  success,
  type LocalizedText,
  type SignInLimiters,
  type ZodRequests,
} from '@oj/platform';
import { CommandRejected } from '../handling/command-rejected';
import { awaitWrites } from '../handling/await-projection';
import { userModel } from './user.state';
import { logIn } from './log-in';
import { logOut } from './log-out';
import { readUserInfo } from './account-reads/user-info';
import { handlerFor, say } from './account-reads/request-handling';
import type { UsersDependencies } from './account-reads/users-dependencies';
import { loginBody, noData, userInfo, type LoginBody } from '@oj/contracts';
import { userMessages } from './users.rejections';
import { hasAllowedPasswordLength } from './password-length';

/** api-core §1 login: 20 failures per (username, ip) lock login; each failure re-arms 30 minutes. */
const loginFailureLimit = 20;
const loginFailureWindowSeconds = 1800;

/**
 * F8: limits HOJ lacks, over the shared rate-limit store: a cap on requests per address (floods), and the failure
 * limiters per address and per account that @oj/platform's `checkPassword` shares with CCS basic auth. The account
 * limit starts past HOJ's per (username, ip) one, so a single address still meets HOJ's message first.
 */
const signInRequestsPerAddress = perAddress(60, 60, 'sign-in');

type SignInLimits = SignInLimiters;

/** The sign-in limiters count in the handler, after the route's body schema has checked and parsed the body. */
const usernameOf = (request: FastifyRequest) => (request.body as LoginBody).username.trim().toLowerCase();

/**
 * The one sign-in behind /login and /admin/login (admin §5.1 repeats api-core §1): the same checks, the same
 * failure counter, the same token. `requiredRoles` is the back office's extra rule, decided by `logIn`.
 */
async function signIn(
  dependencies: UsersDependencies,
  limits: SignInLimits,
  request: FastifyRequest,
  body: LoginBody,
  reply: FastifyReply,
  requiredRoles: readonly RoleName[] | null,
) {
  const username = body.username.trim();
  const password = body.password.trim();
  if (!username || !password) throw new CommandRejected(400, userMessages.credentialsBlank);
  if (!hasAllowedPasswordLength(password)) throw new CommandRejected(400, userMessages.passwordLength);
  if (username.length > 20) throw new CommandRejected(400, userMessages.usernameLength);
  const failureKey = `try-login-num:${username.toLowerCase()}_${request.ip}`;
  const failures = Number((await dependencies.ephemeral.get(failureKey)) ?? '0');
  if (failures >= loginFailureLimit) throw new CommandRejected(400, userMessages.tooManyLoginFailures);
  const checked = await checkPassword(
    { limiters: limits, findCredentials: credentialsFromStore(dependencies.store), passwords: dependencies.passwords },
    request,
    username,
    password,
  );
  // Unknown usernames do not count for HOJ's (name, ip) counter either (api-core §9 quirk 5 kept).
  if (checked.outcome === 'wrong-password') {
    await dependencies.ephemeral.increment(failureKey, loginFailureWindowSeconds, { renewTtl: true });
  }
  if (checked.outcome !== 'signed-in') throw new CommandRejected(400, userMessages.wrongCredentials);
  const { userId } = checked;
  const status = await dependencies.db
    .selectFrom('users')
    .select('status')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const handled = await handlerFor(dependencies, request, userId)(
    userStream(userId),
    userModel,
    logIn({
      passwordMatches: true,
      isBanned: (status?.status ?? 0) !== 0,
      requiredRoles,
      ip: request.ip,
      // HOJ's session.user_agent is varchar(512); the header itself may run to 16 KB, and events keep it forever.
      userAgent: cutText(request.headers['user-agent'] ?? '', 512),
      loggedInAt: dependencies.clock.now().toISOString(),
    }),
  ).catch((error: unknown) => {
    // A right password on a plain account at the back office: no event, the counter untouched; this line is the trace.
    if (error instanceof CommandRejected && error.status === 401) {
      request.log.warn({ userId, ip: request.ip }, 'back-office sign-in refused: no admin role');
    }
    throw error;
  });
  await dependencies.ephemeral.delete(failureKey);
  await awaitWrites(dependencies.awaitProjections, handled);
  sendToken(reply, await dependencies.tokens.issue(userId, handled.state.sessionGeneration));
  return success(await readUserInfo(dependencies.db, userId));
}

/** Ends every session of the caller: `UserLoggedOut` moves the session generation every token carries. */
async function signOut(dependencies: UsersDependencies, request: FastifyRequest, message: LocalizedText) {
  const principal = principalOf(request);
  const handled = await handlerFor(dependencies, request)(
    userStream(principal.userId),
    userModel,
    logOut({ loggedOutAt: dependencies.clock.now().toISOString() }),
  );
  await awaitWrites(dependencies.awaitProjections, handled);
  return success(null, say(request, message));
}

export function sessionRoutes(server: FastifyInstance, dependencies: UsersDependencies): void {
  const app = server.withTypeProvider<ZodRequests>();
  const limits: SignInLimits = signInLimiters(app, usernameOf);
  const signInConfig = {
    config: { access: 'anon' as const, rateLimit: signInRequestsPerAddress },
    ...hojReply(userInfo, { body: loginBody }),
  };
  app.post('/login', signInConfig, (request, reply) =>
    signIn(dependencies, limits, request, request.body, reply, null),
  );
  app.get('/logout', { config: { access: 'login' }, ...hojReply(noData) }, (request) =>
    signOut(dependencies, request, userMessages.loggedOut),
  );
  app.post('/admin/login', signInConfig, (request, reply) =>
    signIn(dependencies, limits, request, request.body, reply, adminRoles),
  );
  app.get('/admin/logout', { config: { access: 'login', roles: adminRoles }, ...hojReply(noData) }, (request) =>
    signOut(dependencies, request, userMessages.adminLoggedOut),
  );
}
