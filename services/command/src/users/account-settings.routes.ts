import { isEmailAddress } from '@oj/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { emailClaimStream, userStream, type UserEvent } from '@oj/events';
import {
  hojReply,
  perAddress,
  principalOf,
  sendToken,
  success,
  type LocalizedText,
  type TextParameters,
  type ZodRequests,
} from '@oj/platform';
import { CommandRejected } from '../handling/command-rejected';
import { awaitWrites } from '../handling/await-projection';
import { emailClaimModel } from './claim.state';
import { userModel, type UserState } from './user.state';
import { changeEmail, changePassword } from './change-credentials';
import { hasAllowedPasswordLength } from './password-length';
import { claimEmail, releaseEmail } from './register-user';
import { editProfile } from './edit-profile';
import { loadUser, userIdByEmail } from './account-reads/account-lookup';
import { readUserInfo } from './account-reads/user-info';
import { handlerFor, lockParameters, say } from './account-reads/request-handling';
import type { UsersDependencies } from './account-reads/users-dependencies';
import { sixDigitCode } from './registration.routes';
import {
  changeAccountResult,
  changeEmailBody,
  changeEmailCodeQuery,
  changePasswordBody,
  changeUserInfoBody,
  noData,
  userInfo,
} from '@oj/contracts';
import { userMessages } from './users.rejections';

/** api-core §1: 5 failures within 30 min of the first lock the setting for 30 min; email codes live 600 s. */
const failureLimit = 5;
const failureWindowSeconds = 1800;
const changeEmailCodeSeconds = 600;
const changeEmailResendSeconds = 30;
/** F7: mails per client address, beside the 30 s locks per address and per account. */
const changeEmailCodeRequests = perAddress(10, 600);
const loggedIn = { config: { access: 'login' as const } };
/** ChangeAccountVO under body status 200 (see `outcome`). */
const changePasswordRoute = { ...loggedIn, ...hojReply(changeAccountResult, { body: changePasswordBody }) };
const changeEmailRoute = { ...loggedIn, ...hojReply(changeAccountResult, { body: changeEmailBody }) };
const changeEmailCodeRoute = {
  config: { access: 'login' as const, rateLimit: changeEmailCodeRequests },
  ...hojReply(noData, { query: changeEmailCodeQuery }),
};
const changeUserInfoRoute = { ...loggedIn, ...hojReply(userInfo, { body: changeUserInfoBody }) };

/** ChangeAccountVO with body status 200 (api-core §8 item 22). */
function outcome(
  request: FastifyRequest,
  code: number,
  text: LocalizedText,
  parameters: TextParameters = {},
  userInfo: unknown = null,
) {
  return success({ code, msg: say(request, text, parameters), userInfo });
}

/** Counts a failure; the fifth turns into a lock. Returns the count HOJ reports. */
async function countFailure(dependencies: UsersDependencies, failKey: string, lockKey: string): Promise<number> {
  const count = await dependencies.ephemeral.increment(failKey, failureWindowSeconds, { renewTtl: false });
  if (count >= failureLimit) {
    await dependencies.ephemeral.delete(failKey);
    await dependencies.ephemeral.put(lockKey, '1', failureWindowSeconds);
  }
  return count;
}

async function refuseTakenEmail(dependencies: UsersDependencies, userId: string, email: string): Promise<void> {
  const owner = await userIdByEmail(dependencies.store, email);
  if (owner === userId) throw new CommandRejected(400, userMessages.sameEmail);
  if (owner !== null) throw new CommandRejected(400, userMessages.emailUsedByOthers);
}

/** The session generation once the handled events apply (`state` is what the decision was taken on). */
function generationAfter(handled: { readonly state: UserState; readonly events: readonly UserEvent[] }): number {
  return handled.events.reduce(userModel.evolve, handled.state).sessionGeneration;
}

/**
 * The caller's own session goes on after the change ended all of them (F19). `Refresh-Token` is how HOJ's client
 * (and ours, lib/api-client) knows to store the token in `Authorization`, as after a refresh.
 */
async function sendFreshToken(
  reply: FastifyReply,
  dependencies: UsersDependencies,
  userId: string,
  generation: number,
): Promise<void> {
  sendToken(reply, await dependencies.tokens.issue(userId, generation));
  reply.header('Refresh-Token', 'true');
}

export function accountSettingsRoutes(server: FastifyInstance, dependencies: UsersDependencies): void {
  const app = server.withTypeProvider<ZodRequests>();
  app.post('/change-password', changePasswordRoute, async (request, reply) => {
    const { userId } = principalOf(request);
    const { body } = request;
    const oldPassword = body.oldPassword.trim();
    const newPassword = body.newPassword.trim();
    if (!oldPassword || !newPassword) throw new CommandRejected(400, userMessages.changePasswordBlank);
    if (!hasAllowedPasswordLength(newPassword)) throw new CommandRejected(400, userMessages.newPasswordLength);
    const lockKey = `change-password-lock:${userId}`;
    const locked = await dependencies.ephemeral.secondsLeft(lockKey);
    if (locked > 0) {
      return outcome(request, 403, userMessages.changePasswordLocked, lockParameters(dependencies.clock.now(), locked));
    }
    const failKey = `change-password-fail:${userId}`;
    const user = await loadUser(dependencies.store, userId);
    if (!(await dependencies.passwords.verify(user.passwordHash, oldPassword))) {
      const count = await countFailure(dependencies, failKey, lockKey);
      return outcome(request, 400, userMessages.oldPasswordWrong, { count });
    }
    const passwordHash = await dependencies.passwords.hash(newPassword);
    const handled = await handlerFor(dependencies, request)(
      userStream(userId),
      userModel,
      changePassword({ oldPasswordMatches: true, passwordHash, changedAt: dependencies.clock.now().toISOString() }),
    );
    await dependencies.ephemeral.delete(failKey);
    await awaitWrites(dependencies.awaitProjections, handled);
    // F19: the change ended every session; the caller's goes on with a token of the new generation.
    await sendFreshToken(reply, dependencies, userId, generationAfter(handled));
    return outcome(request, 200, userMessages.passwordChanged);
  });

  app.get('/get-change-email-code', changeEmailCodeRoute, async (request) => {
    const { userId } = principalOf(request);
    const email = request.query.email.trim();
    // F7: exactly one well-formed address, before anything is mailed (a list or a display name is refused).
    if (!isEmailAddress(email)) throw new CommandRejected(400, userMessages.changeEmailFormat);
    const lockKey = `change-email-lock:${email.toLowerCase()}`;
    const accountLockKey = `change-email-account-lock:${userId}`;
    const seconds = Math.max(
      await dependencies.ephemeral.secondsLeft(lockKey),
      await dependencies.ephemeral.secondsLeft(accountLockKey),
    );
    if (seconds > 0) throw new CommandRejected(400, userMessages.changeEmailTooFrequent, { seconds });
    await refuseTakenEmail(dependencies, userId, email);
    const code = sixDigitCode();
    await dependencies.ephemeral.put(`change-email:${userId}:${email.toLowerCase()}`, code, changeEmailCodeSeconds);
    await dependencies.ephemeral.put(lockKey, '1', changeEmailResendSeconds);
    await dependencies.ephemeral.put(accountLockKey, '1', changeEmailResendSeconds);
    const site = await dependencies.siteSettings();
    try {
      await dependencies.mailer.send({
        to: email,
        subject: say(request, userMessages.changeEmailMailSubject, { shortName: site.shortName }),
        text: say(request, userMessages.changeEmailMailBody, { code, minutes: changeEmailCodeSeconds / 60 }),
      });
    } catch (error) {
      request.log.error({ err: error, correlationId: request.id }, 'change-email mail failed');
    }
    return success(null);
  });

  app.post('/change-email', changeEmailRoute, async (request, reply) => {
    const { userId } = principalOf(request);
    const { body } = request;
    const email = body.newEmail.trim();
    if (!body.password || !email || !body.code) throw new CommandRejected(400, userMessages.changeEmailBlank);
    if (!isEmailAddress(email)) throw new CommandRejected(400, userMessages.changeEmailFormat);
    const lockKey = `change-email-user-lock:${userId}`;
    const locked = await dependencies.ephemeral.secondsLeft(lockKey);
    if (locked > 0) {
      return outcome(request, 403, userMessages.changeEmailLocked, lockParameters(dependencies.clock.now(), locked));
    }
    await refuseTakenEmail(dependencies, userId, email);
    const codeKey = `change-email:${userId}:${email.toLowerCase()}`;
    const code = await dependencies.ephemeral.get(codeKey);
    if (code === null) throw new CommandRejected(400, userMessages.changeEmailCodeMissing);
    const failKey = `change-email-fail:${userId}`;
    if (code !== body.code.trim()) {
      const count = await countFailure(dependencies, failKey, lockKey);
      return outcome(request, 400, userMessages.changeEmailCodeWrong, { count });
    }
    const user = await loadUser(dependencies.store, userId);
    if (!(await dependencies.passwords.verify(user.passwordHash, body.password.trim()))) {
      const count = await countFailure(dependencies, failKey, lockKey);
      return outcome(request, 400, userMessages.changeEmailPasswordWrong, { count });
    }
    const now = dependencies.clock.now().toISOString();
    const handle = handlerFor(dependencies, request);
    const claimed = await handle(
      emailClaimStream(email),
      emailClaimModel,
      claimEmail({ userId, email, claimedAt: now }),
    );
    const changed = await handle(userStream(userId), userModel, changeEmail({ email, changedAt: now }));
    const released = await handle(
      emailClaimStream(user.email),
      emailClaimModel,
      releaseEmail({ userId, email: user.email, releasedAt: now }),
    );
    await dependencies.ephemeral.delete(failKey);
    await dependencies.ephemeral.delete(codeKey);
    await awaitWrites(dependencies.awaitProjections, claimed, changed, released);
    await sendFreshToken(reply, dependencies, userId, generationAfter(changed));
    return outcome(request, 200, userMessages.emailChanged, {}, await readUserInfo(dependencies.db, userId));
  });

  app.post('/change-userInfo', changeUserInfoRoute, async (request) => {
    const { userId } = principalOf(request);
    const handled = await handlerFor(dependencies, request)(
      userStream(userId),
      userModel,
      editProfile({ changes: request.body, editedAt: dependencies.clock.now().toISOString() }),
    );
    await awaitWrites(dependencies.awaitProjections, handled);
    return success(await readUserInfo(dependencies.db, userId));
  });
}
