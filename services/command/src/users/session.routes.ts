import type { FastifyInstance } from 'fastify';
import { userStream } from '@oj/events';
import { principalOf, sendToken, success } from '@oj/platform';
import { CommandRejected } from '../handling/command-rejected';
import { awaitWrites } from '../handling/await-projection';
import { userModel } from './user.state';
import { logIn, logOut } from './manage-session';
import { loadUser, userIdByUsername } from './account-reads/account-lookup';
import { readUserInfo } from './account-reads/user-info';
import { handlerFor, say } from './account-reads/request-handling';
import type { UsersDependencies } from './account-reads/users-dependencies';
import { loginBody } from './users.contract';
import { userMessages } from './users.rejections';

/** api-core §1 login: 20 failures per (username, ip) lock login; each failure re-arms 30 minutes. */
const loginFailureLimit = 20;
const loginFailureWindowSeconds = 1800;

export function sessionRoutes(app: FastifyInstance, dependencies: UsersDependencies): void {
  app.post('/login', { config: { access: 'anon' } }, async (request, reply) => {
    const body = loginBody.parse(request.body);
    const username = body.username.trim();
    const password = body.password.trim();
    if (!username || !password) throw new CommandRejected(400, userMessages.credentialsBlank);
    if (password.length < 6 || password.length > 20) throw new CommandRejected(400, userMessages.passwordLength);
    if (username.length > 20) throw new CommandRejected(400, userMessages.usernameLength);
    const failureKey = `try-login-num:${username.toLowerCase()}_${request.ip}`;
    const failures = Number((await dependencies.ephemeral.get(failureKey)) ?? '0');
    if (failures >= loginFailureLimit) throw new CommandRejected(400, userMessages.tooManyLoginFailures);
    const userId = await userIdByUsername(dependencies.store, username);
    // Unknown usernames do not count (api-core §9 quirk 5 kept: counting them would let anyone lock a name).
    if (!userId) throw new CommandRejected(400, userMessages.wrongCredentials);
    const user = await loadUser(dependencies.store, userId);
    const passwordMatches = user.exists && (await dependencies.passwords.verify(user.passwordHash, password));
    if (!passwordMatches) {
      await dependencies.ephemeral.increment(failureKey, loginFailureWindowSeconds, { renewTtl: true });
      throw new CommandRejected(400, userMessages.wrongCredentials);
    }
    const status = await dependencies.db
      .selectFrom('users')
      .select('status')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const userAgent = request.headers['user-agent'] ?? '';
    const handled = await handlerFor(dependencies, request, userId)(
      userStream(userId),
      userModel,
      logIn({
        passwordMatches,
        isBanned: (status?.status ?? 0) !== 0,
        ip: request.ip,
        userAgent,
        loggedInAt: dependencies.clock.now().toISOString(),
      }),
    );
    await dependencies.ephemeral.delete(failureKey);
    await awaitWrites(dependencies.awaitProjections, handled.position);
    sendToken(reply, await dependencies.tokens.issue(userId, handled.state.sessionGeneration));
    return success(await readUserInfo(dependencies.db, userId));
  });

  app.get('/logout', { config: { access: 'login' } }, async (request) => {
    const principal = principalOf(request);
    const handled = await handlerFor(dependencies, request)(
      userStream(principal.userId),
      userModel,
      logOut({ loggedOutAt: dependencies.clock.now().toISOString() }),
    );
    await awaitWrites(dependencies.awaitProjections, handled.position);
    return success(null, say(request, userMessages.loggedOut));
  });
}
