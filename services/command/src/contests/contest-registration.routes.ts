import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { contestStream } from '@oj/events';
import {
  attemptLimiter,
  hojReply,
  perAddress,
  principalOf,
  success,
  tooManyRequests,
  type TextSealer,
  type ZodRequests,
} from '@oj/platform';
import type { CommandContext } from '../command-context';
import { CommandRejected } from '../handling/command-rejected';
import { runCommand } from '../handling/run-command';
import { contestModel } from './contest.state';
import { noData, registerContestBody, type RegisterContestBody } from '@oj/contracts';
import { contestMessages } from './contests.rejections';
import { registerForContest } from './register-for-contest';

/**
 * F9: ten wrong passwords per (user, contest) lock that pair for 15 minutes, doubling with each try while locked
 * up to 4 hours; and a cap per client address across contests and accounts.
 */
const wrongPasswordLimit = { max: 10, windowSeconds: 900, growingLockUpToSeconds: 14_400 };
const registerRequests = perAddress(30, 60);
const registerRoute = {
  config: { access: 'login' as const, rateLimit: registerRequests },
  ...hojReply(noData, { body: registerContestBody }),
};

export interface ContestRegistrationDependencies extends CommandContext {
  readonly contestPasswords: TextSealer;
}

/** Only the handler consults the limiter, so `request.body` is already the route's checked body. */
const attemptOf = (request: FastifyRequest) => {
  const { cid } = request.body as RegisterContestBody;
  return `${principalOf(request).userId}:${cid ?? ''}`;
};

/** POST /api/register-contest (§1.1) behind an attempt lock; the decision stays in `registerForContest`. */
export function contestRegistrationRoutes(
  server: FastifyInstance,
  dependencies: ContestRegistrationDependencies,
): void {
  const app = server.withTypeProvider<ZodRequests>();
  const wrongPasswords = attemptLimiter(app, { name: 'contest-password', ...wrongPasswordLimit, subject: attemptOf });

  /** The stored password of a visible contest from the read model: one row, not the whole contest stream. */
  const storedPassword = (contestId: number) =>
    dependencies.db
      .selectFrom('contests')
      .select(['visible', sql<string | null>`settings->>'password'`.as('password')])
      .where('contest_id', '=', contestId)
      .executeTakeFirst();

  app.post('/register-contest', registerRoute, async (request) => {
    const { body } = request;
    if (!body.cid || !body.password) throw new CommandRejected(400, contestMessages.registerBadRequest);
    // Checked before anything is read; a try while locked counts, which is what makes the lock grow.
    if ((await wrongPasswords.secondsLocked(request)) > 0) throw tooManyRequests(await wrongPasswords.count(request));
    const attempt = body.password;
    // Constant time (timingSafeEqual over keyed digests), sealed or legacy clear alike.
    const passwordMatches = (stored: string) => dependencies.contestPasswords.matches(attempt, stored);
    const row = await storedPassword(body.cid);
    // A wrong password for a visible contest is refused here; everything else is decided on the stream.
    if (row?.visible && (row.password === null || !passwordMatches(row.password))) {
      await wrongPasswords.count(request);
      throw new CommandRejected(400, contestMessages.wrongPassword);
    }
    const { userId, username } = principalOf(request);
    const decide = registerForContest({
      userId,
      username,
      passwordMatches,
      requestedAt: dependencies.clock.now().toISOString(),
    });
    try {
      await runCommand(dependencies, request, contestStream(body.cid), contestModel, decide);
    } catch (error) {
      // The read model lagged a password change: the stream's answer counts the same.
      if (error instanceof CommandRejected && error.text === contestMessages.wrongPassword) {
        await wrongPasswords.count(request);
      }
      throw error;
    }
    return success(null);
  });
}
