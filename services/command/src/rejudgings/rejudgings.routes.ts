import type { FastifyInstance } from 'fastify';
import { fold } from '../handling/decider';
import { rejudgingStream } from '@oj/events';
import { adminRoles, hojReply, principalOf, success, type Principal, type ZodRequests } from '@oj/platform';
import { endRejudgingBody, noData, stageRejudgingBody, stagedRejudgingReply } from '@oj/contracts';
import type { CommandContext } from '../command-context';
import { CommandRejected } from '../handling/command-rejected';
import { runCommand } from '../handling/run-command';
import { applyRejudging } from './apply-rejudging';
import { discardRejudging } from './discard-rejudging';
import { rejudgingModel } from './rejudging.state';
import {
  contestCreatorOf,
  judgeSettingsOf,
  liveSubmissions,
  selectedSubmissions,
  userIdOf,
} from './rejudging-reads/rejudging-facts';
import { rejudgingMessages } from './rejudgings.rejections';
import { stageRejudging } from './stage-rejudging';

const backOffice = { config: { access: 'login' as const, roles: adminRoles } };

/**
 * Staged rejudges (issue 13 item 4; docs/judging.md "Staged rejudges"). Root and admins may rejudge anything;
 * anyone else of the back office (a problem admin) only submissions of a contest they created, as the audit
 * trail decides who sees a contest's history.
 */
export function rejudgingsRoutes(server: FastifyInstance, context: CommandContext): void {
  const app = server.withTypeProvider<ZodRequests>();
  const now = () => context.clock.now().toISOString();

  const checkAccess = async (principal: Principal, contestId: number | null | undefined) => {
    if (principal.role === 'root' || principal.role === 'admin') return;
    const creator = contestId ? await contestCreatorOf(context.db, contestId) : null;
    if (creator === null || creator !== principal.userId) {
      throw new CommandRejected(403, rejudgingMessages.onlyOwnContest);
    }
  };

  const loadState = async (rejudgingId: string, principal: Principal) => {
    const state = fold(rejudgingModel, await context.store.readStream(rejudgingStream(rejudgingId)));
    // Whether a rejudging exists is for root and admins to know; anyone else learns only that it is not theirs.
    if (!state.staged) {
      await checkAccess(principal, null);
      throw new CommandRejected(404, rejudgingMessages.missing);
    }
    await checkAccess(principal, state.staged.filters.contestId);
    return state;
  };

  const stage = { ...backOffice, ...hojReply(stagedRejudgingReply, { body: stageRejudgingBody }) };
  app.post('/admin/rejudgings', stage, async (request) => {
    const principal = principalOf(request);
    const { body } = request;
    await checkAccess(principal, body.cid);
    const userId = body.user === undefined ? null : await userIdOf(context.db, body.user);
    if (body.user !== undefined && userId === null) throw new CommandRejected(400, rejudgingMessages.nothingSelected);
    const items = await selectedSubmissions(context.db, body, userId);
    const settings = await judgeSettingsOf(context.db, [...new Set(items.map((item) => item.problemId))]);
    const rejudgingId = context.newId();
    await runCommand(
      context,
      request,
      rejudgingStream(rejudgingId),
      rejudgingModel,
      stageRejudging({
        rejudgingId,
        filters: {
          contestId: body.cid ?? null,
          problemId: body.pid ?? null,
          status: body.status ?? null,
          language: body.language ?? null,
          userId,
          from: body.from ?? null,
          to: body.to ?? null,
        },
        items,
        settings,
        reason: body.reason,
        stagedBy: principal.userId,
        stagedAt: now(),
      }),
    );
    return success({ id: rejudgingId, total: items.length });
  });

  const end = { ...backOffice, ...hojReply(noData, { body: endRejudgingBody }) };
  app.post('/admin/rejudgings/apply', end, async (request) => {
    const principal = principalOf(request);
    const { body } = request;
    const state = await loadState(body.id, principal);
    const live = await liveSubmissions(context.db, state.staged?.items.map((item) => item.submissionId) ?? []);
    await runCommand(
      context,
      request,
      rejudgingStream(body.id),
      rejudgingModel,
      applyRejudging({ live, appliedBy: principal.userId, appliedAt: now(), reason: body.reason?.trim() || undefined }),
    );
    return success(null);
  });

  app.post('/admin/rejudgings/discard', end, async (request) => {
    const principal = principalOf(request);
    const { body } = request;
    await loadState(body.id, principal);
    await runCommand(
      context,
      request,
      rejudgingStream(body.id),
      rejudgingModel,
      discardRejudging({ discardedBy: principal.userId, discardedAt: now(), reason: body.reason?.trim() || undefined }),
    );
    return success(null);
  });
}
