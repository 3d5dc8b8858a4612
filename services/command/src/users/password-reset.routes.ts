import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { userStream } from '@oj/events';
import { hojReply, perAddress, success, type ZodRequests } from '@oj/platform';
import { CommandRejected } from '../handling/command-rejected';
import { awaitWrites } from '../handling/await-projection';
import { userModel } from './user.state';
import { resetPassword } from './change-credentials';
import { loadUser, userIdByEmail, userIdByUsername } from './account-reads/account-lookup';
import { handlerFor, say } from './account-reads/request-handling';
import type { UsersDependencies } from './account-reads/users-dependencies';
import { applyResetPasswordBody, noData, resetPasswordBody } from '@oj/contracts';
import { userMessages } from './users.rejections';
import { hasAllowedPasswordLength } from './password-length';

/** api-core §1.1: reset code 21 hex characters for 600 s; one reset mail per address per 90 s. */
const resetCodeSeconds = 600;
const resetResendSeconds = 90;
/** F8: reset mails per client address, beside HOJ's 90 s lock per address. */
const applyResetRequests = perAddress(10, 600);
const applyResetRoute = {
  config: { access: 'anon' as const, rateLimit: applyResetRequests },
  ...hojReply(noData, { body: applyResetPasswordBody }),
};
const resetRoute = { config: { access: 'anon' as const }, ...hojReply(noData, { body: resetPasswordBody }) };

export function passwordResetRoutes(server: FastifyInstance, dependencies: UsersDependencies): void {
  const app = server.withTypeProvider<ZodRequests>();
  app.post('/apply-reset-password', applyResetRoute, async (request) => {
    const { body } = request;
    const email = body.email.trim();
    if (!email || !body.captcha.trim() || !body.captchaKey.trim()) {
      throw new CommandRejected(400, userMessages.resetApplicationBlank);
    }
    const lockKey = `reset-email-lock:${email.toLowerCase()}`;
    const seconds = await dependencies.ephemeral.secondsLeft(lockKey);
    if (seconds > 0) throw new CommandRejected(400, userMessages.resetTooFrequent, { seconds });
    const captchaKey = `captcha:${body.captchaKey.trim()}`;
    const answer = await dependencies.ephemeral.get(captchaKey);
    // A captcha answers once (HOJ lets it be reused for 30 minutes: api-core §9 quirk 3, not copied).
    await dependencies.ephemeral.delete(captchaKey);
    if (answer === null || answer !== body.captcha.trim().toLowerCase()) {
      throw new CommandRejected(400, userMessages.captchaWrong);
    }
    const userId = await userIdByEmail(dependencies.store, email);
    if (!userId) throw new CommandRejected(400, userMessages.noUserWithEmail);
    const user = await loadUser(dependencies.store, userId);
    const code = randomUUID().replaceAll('-', '').slice(0, 21);
    await dependencies.ephemeral.put(`reset-password:${user.username.toLowerCase()}`, code, resetCodeSeconds);
    await dependencies.ephemeral.put(lockKey, '1', resetResendSeconds);
    const site = await dependencies.siteSettings();
    const link = `${site.baseUrl}/reset-password?username=${encodeURIComponent(user.username)}&code=${code}`;
    try {
      await dependencies.mailer.send({
        to: user.email,
        subject: say(request, userMessages.resetMailSubject, { shortName: site.shortName }),
        text: say(request, userMessages.resetMailBody, { link, minutes: resetCodeSeconds / 60 }),
      });
    } catch (error) {
      request.log.error({ err: error, correlationId: request.id }, 'reset mail failed');
    }
    return success(null);
  });

  app.post('/reset-password', resetRoute, async (request) => {
    const { body } = request;
    const username = body.username.trim();
    // Trimmed like login, so an edge space never makes the new password unusable (api-core §9 quirk 4).
    const password = body.password.trim();
    if (!username || !password || !body.code.trim()) throw new CommandRejected(400, userMessages.resetBlank);
    if (!hasAllowedPasswordLength(password)) throw new CommandRejected(400, userMessages.newPasswordLength);
    const codeKey = `reset-password:${username.toLowerCase()}`;
    const code = await dependencies.ephemeral.get(codeKey);
    if (code === null) throw new CommandRejected(400, userMessages.resetLinkMissing);
    if (code !== body.code.trim()) throw new CommandRejected(400, userMessages.resetCodeWrong);
    const userId = await userIdByUsername(dependencies.store, username);
    if (!userId) throw new CommandRejected(400, userMessages.resetLinkMissing);
    const passwordHash = await dependencies.passwords.hash(password);
    const handled = await handlerFor(dependencies, request, userId)(
      userStream(userId),
      userModel,
      resetPassword({ passwordHash, resetAt: dependencies.clock.now().toISOString() }),
    );
    await dependencies.ephemeral.delete(codeKey);
    await awaitWrites(dependencies.awaitProjections, handled);
    return success(null);
  });
}
