import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { userStream, type RoleName } from '@oj/events';
import {
  adminRoles,
  attemptLimiter,
  clientAddressOf,
  cutText,
  perAddress,
  principalOf,
  sendToken,
  success,
  tooManyRequests,
  type AttemptLimiter,
  type LocalizedText,
} from '@oj/platform';
import { CommandRejected } from '../handling/command-rejected';
import { awaitWrites } from '../handling/await-projection';
import { userModel } from './user.state';
import { logIn } from './log-in';
import { logOut } from './log-out';
import { loadUser, userIdByUsername } from './account-reads/account-lookup';
import { readUserInfo } from './account-reads/user-info';
import { handlerFor, say } from './account-reads/request-handling';
import type { UsersDependencies } from './account-reads/users-dependencies';
import { loginBody } from '@oj/contracts';
import { userMessages } from './users.rejections';
import { hasAllowedPasswordLength } from './password-length';

/** api-core §1 login: 20 failures per (username, ip) lock login; each failure re-arms 30 minutes. */
const loginFailureLimit = 20;
const loginFailureWindowSeconds = 1800;

/**
 * F8: limits HOJ lacks, over the shared rate-limit store. Per address: failed sign-ins of any names (password
 * spraying), and a cap on requests (floods). Per account, from any address: past HOJ's 20, every further failure
 * doubles a lock, from 30 minutes up to 4 hours (a distributed brute force). The account limit starts past HOJ's
 * per (username, ip) one, so a single address still meets HOJ's message first.
 */
const signInRequestsPerAddress = perAddress(60, 60, 'sign-in');
const addressFailureLimit = { max: 30, windowSeconds: 900 };
const accountFailureLimit = { max: 20, windowSeconds: 1800, growingLockUpToSeconds: 14_400 };

interface SignInLimits {
  readonly byAddress: AttemptLimiter;
  readonly byAccount: AttemptLimiter;
}

const usernameOf = (request: FastifyRequest) => loginBody.parse(request.body).username.trim().toLowerCase();

/**
 * The one sign-in behind /login and /admin/login (admin §5.1 repeats api-core §1): the same checks, the same
 * failure counter, the same token. `requiredRoles` is the back office's extra rule, decided by `logIn`.
 */
async function signIn(
  dependencies: UsersDependencies,
  limits: SignInLimits,
  request: FastifyRequest,
  reply: FastifyReply,
  requiredRoles: readonly RoleName[] | null,
) {
  const body = loginBody.parse(request.body);
  const username = body.username.trim();
  const password = body.password.trim();
  if (!username || !password) throw new CommandRejected(400, userMessages.credentialsBlank);
  if (!hasAllowedPasswordLength(password)) throw new CommandRejected(400, userMessages.passwordLength);
  if (username.length > 20) throw new CommandRejected(400, userMessages.usernameLength);
  const failureKey = `try-login-num:${username.toLowerCase()}_${request.ip}`;
  const failures = Number((await dependencies.ephemeral.get(failureKey)) ?? '0');
  if (failures >= loginFailureLimit) throw new CommandRejected(400, userMessages.tooManyLoginFailures);
  const addressLocked = await limits.byAddress.secondsLocked(request);
  if (addressLocked > 0) throw tooManyRequests(addressLocked);
  const userId = await userIdByUsername(dependencies.store, username);
  // Unknown usernames do not count for a name (api-core §9 quirk 5 kept: counting them would let anyone lock a
  // name), but they do for the address that tries them.
  if (!userId) {
    await limits.byAddress.count(request);
    throw new CommandRejected(400, userMessages.wrongCredentials);
  }
  // A try while locked counts too: that is what makes the delay grow. No argon2 runs for it.
  const accountLocked = await limits.byAccount.secondsLocked(request);
  if (accountLocked > 0) throw tooManyRequests(await limits.byAccount.count(request));
  const user = await loadUser(dependencies.store, userId);
  const passwordMatches = user.exists && (await dependencies.passwords.verify(user.passwordHash, password));
  if (!passwordMatches) {
    await dependencies.ephemeral.increment(failureKey, loginFailureWindowSeconds, { renewTtl: true });
    await limits.byAddress.count(request);
    await limits.byAccount.count(request);
    throw new CommandRejected(400, userMessages.wrongCredentials);
  }
  const status = await dependencies.db
    .selectFrom('users')
    .select('status')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const handled = await handlerFor(dependencies, request, userId)(
    userStream(userId),
    userModel,
    logIn({
      passwordMatches,
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

export function sessionRoutes(app: FastifyInstance, dependencies: UsersDependencies): void {
  const limits: SignInLimits = {
    byAddress: attemptLimiter(app, { name: 'sign-in-address', ...addressFailureLimit, subject: clientAddressOf }),
    byAccount: attemptLimiter(app, { name: 'sign-in-account', ...accountFailureLimit, subject: usernameOf }),
  };
  const signInConfig = { config: { access: 'anon' as const, rateLimit: signInRequestsPerAddress } };
  app.post('/login', signInConfig, (request, reply) => signIn(dependencies, limits, request, reply, null));
  app.get('/logout', { config: { access: 'login' } }, (request) =>
    signOut(dependencies, request, userMessages.loggedOut),
  );
  app.post('/admin/login', signInConfig, (request, reply) => signIn(dependencies, limits, request, reply, adminRoles));
  app.get('/admin/logout', { config: { access: 'login', roles: adminRoles } }, (request) =>
    signOut(dependencies, request, userMessages.adminLoggedOut),
  );
}
