import { randomInt, randomUUID } from 'node:crypto';
import { isEmailAddress } from '@oj/contracts';
import type { FastifyInstance } from 'fastify';
import { emailClaimStream, userStream, usernameClaimStream } from '@oj/events';
import { hojReply, perAddress, success, type ZodRequests } from '@oj/platform';
import { CommandRejected } from '../handling/command-rejected';
import { awaitWrites } from '../handling/await-projection';
import { emailClaimModel, usernameClaimModel } from './claim.state';
import { userModel } from './user.state';
import { claimEmail, claimUsername, registerUser, releaseUsername, type RegisterUser } from './register-user';
import { userIdByEmail, userIdByUsername } from './account-reads/account-lookup';
import { handlerFor, say, type RequestFacts } from './account-reads/request-handling';
import type { UsersDependencies } from './account-reads/users-dependencies';
import { captchaReply, noData, registerBody, registerCodeQuery, registerCodeReply } from '@oj/contracts';
import { userMessages } from './users.rejections';
import { hasAllowedPasswordLength } from './password-length';

/** api-core §1.1: register code lives 600 s, one mail per address per 60 s; captcha answers live 1800 s. */
const registerCodeSeconds = 600;
const registerResendSeconds = 60;
const captchaSeconds = 1800;
/** F7: the fifth wrong code deletes the code; the user asks for a new one (10⁶ codes, 5 guesses each). */
const registerCodeAttempts = 5;
/** F8: per client address; a class behind one NAT still registers, a script does not mint codes or captchas. */
const captchaRequests = perAddress(30, 60);
const registerCodeRequests = perAddress(10, 600);
const registerRequests = perAddress(30, 600);
const captchaRoute = { config: { access: 'anon' as const, rateLimit: captchaRequests }, ...hojReply(captchaReply) };
const registerCodeRoute = {
  config: { access: 'anon' as const, rateLimit: registerCodeRequests },
  ...hojReply(registerCodeReply, { query: registerCodeQuery }),
};
const registerRoute = {
  config: { access: 'anon' as const, rateLimit: registerRequests },
  ...hojReply(noData, { body: registerBody }),
};

export const newUserId = (): string => randomUUID().replaceAll('-', '');
export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Claims the username, then the email, then writes the user; undoes the username claim if the email was lost. */
export async function registerAccount(
  dependencies: Pick<UsersDependencies, 'store' | 'newId' | 'awaitProjections'>,
  request: RequestFacts,
  command: RegisterUser,
): Promise<void> {
  const handle = handlerFor(dependencies, request, command.userId);
  const username = await handle(usernameClaimStream(command.username), usernameClaimModel, claimUsername(command));
  let email;
  try {
    email = await handle(
      emailClaimStream(command.email),
      emailClaimModel,
      claimEmail({ userId: command.userId, email: command.email, claimedAt: command.registeredAt }),
    );
  } catch (error) {
    await handle(
      usernameClaimStream(command.username),
      usernameClaimModel,
      releaseUsername({ userId: command.userId, username: command.username, releasedAt: command.registeredAt }),
    );
    throw error;
  }
  const user = await handle(userStream(command.userId), userModel, registerUser(command));
  await awaitWrites(dependencies.awaitProjections, username, email, user);
}

/**
 * Counts a wrong register code for the address; the last allowed one deletes the code. The counter lives beside
 * the code in the ephemeral store (not a rate limit) because a new code must start it again.
 */
async function countWrongCode(dependencies: UsersDependencies, email: string): Promise<void> {
  const failuresKey = `register-code-failures:${email.toLowerCase()}`;
  const failures = await dependencies.ephemeral.increment(failuresKey, registerCodeSeconds, { renewTtl: false });
  if (failures < registerCodeAttempts) return;
  await dependencies.ephemeral.delete(`register-user:${email.toLowerCase()}`);
  await dependencies.ephemeral.delete(failuresKey);
}

export function registrationRoutes(server: FastifyInstance, dependencies: UsersDependencies): void {
  const app = server.withTypeProvider<ZodRequests>();
  app.get('/captcha', captchaRoute, async () => {
    // Loaded on the first captcha, not at boot: it parses a font (opentype.js), 0.1 s of every API start.
    const { default: svgCaptcha } = await import('svg-captcha');
    const captcha = svgCaptcha.createMathExpr({ mathMin: 1, mathMax: 9, mathOperator: '+-', width: 90, height: 30 });
    const captchaKey = newUserId();
    await dependencies.ephemeral.put(`captcha:${captchaKey}`, captcha.text.toLowerCase(), captchaSeconds);
    const img = `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`;
    return success({ img, captchaKey });
  });

  app.get('/get-register-code', registerCodeRoute, async (request) => {
    const { email: sent } = request.query;
    const site = await dependencies.siteSettings();
    if (!site.registrationOpen) throw new CommandRejected(401, userMessages.registerClosed);
    const email = sent.trim();
    if (!isEmailAddress(email)) throw new CommandRejected(400, userMessages.registerEmailInvalid);
    const lockKey = `register-email-lock:${email.toLowerCase()}`;
    const seconds = await dependencies.ephemeral.secondsLeft(lockKey);
    if (seconds > 0) throw new CommandRejected(400, userMessages.registerCodeTooFrequent, { seconds });
    if (await userIdByEmail(dependencies.store, email)) {
      throw new CommandRejected(400, userMessages.emailAlreadyRegistered);
    }
    const code = sixDigitCode();
    await dependencies.ephemeral.put(`register-user:${email.toLowerCase()}`, code, registerCodeSeconds);
    await dependencies.ephemeral.delete(`register-code-failures:${email.toLowerCase()}`);
    await dependencies.ephemeral.put(lockKey, '1', registerResendSeconds);
    try {
      await dependencies.mailer.send({
        to: email,
        subject: say(request, userMessages.registerMailSubject, { shortName: site.shortName }),
        text: say(request, userMessages.registerMailBody, { code, minutes: registerCodeSeconds / 60 }),
      });
    } catch (error) {
      // HOJ sends asynchronously and only logs a failure (api-core §1 get-register-code).
      request.log.error({ err: error, correlationId: request.id }, 'register mail failed');
    }
    return success({ email, expire: registerCodeSeconds });
  });

  app.post('/register', registerRoute, async (request) => {
    const { body } = request;
    const site = await dependencies.siteSettings();
    if (!site.registrationOpen) throw new CommandRejected(401, userMessages.registerClosed);
    const email = body.email.trim();
    const codeKey = `register-user:${email.toLowerCase()}`;
    const code = await dependencies.ephemeral.get(codeKey);
    if (code === null) throw new CommandRejected(400, userMessages.registerCodeMissing);
    if (code !== body.code.trim()) {
      await countWrongCode(dependencies, email);
      throw new CommandRejected(400, userMessages.registerCodeWrong);
    }
    if (!hasAllowedPasswordLength(body.password)) throw new CommandRejected(400, userMessages.passwordLength);
    if (body.username.length > 20) throw new CommandRejected(400, userMessages.usernameLength);
    const username = body.username.trim();
    // Checked before any append so a refused registration appends nothing; the claims close the race.
    if (await userIdByUsername(dependencies.store, username))
      throw new CommandRejected(400, userMessages.usernameTaken);
    if (await userIdByEmail(dependencies.store, email)) throw new CommandRejected(400, userMessages.emailTaken);
    const passwordHash = await dependencies.passwords.hash(body.password.trim());
    await registerAccount(dependencies, request, {
      userId: newUserId(),
      username,
      email,
      passwordHash,
      role: 'default_user',
      registeredAt: dependencies.clock.now().toISOString(),
    });
    await dependencies.ephemeral.delete(codeKey);
    return success(null);
  });
}
