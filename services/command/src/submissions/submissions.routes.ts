import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hojStatusCodes, statusOfHojCode, submissionStream, type SubmissionEvent } from '@oj/events';
import { hojReply, principalOf, success, type JudgeReport, type ZodRequests } from '@oj/platform';
import type { CommandContext } from '../command-context';
import { CommandRejected } from '../handling/command-rejected';
import { fold, type Decide } from '../handling/decider';
import { runCommand } from '../handling/run-command';
import { cancelJudging } from './cancel-judging';
import { changeShare } from './change-share';
import { judgeRowOf } from './judge-row';
import { rejudgeSubmission, resubmitSubmission } from './rejudge-submission';
import { setVerdictManually } from './set-verdict-manually';
import { checkCode, isProblemAdminRole, submitCode, type ProblemForSubmission } from './submit-code';
import { claimSubmitWindow, practiceSubmitLockKey } from './submit-interval-lock';
import { contestSubmitMessages, submitContestCode } from './submit-contest-code';
import {
  contestForSubmission,
  contestProblemSubmissionIds,
  contestsLinkingProblem,
} from './submission-reads/contest-submission-facts';
import { submissionModel, type SubmissionState } from './submission.state';
import { nextSubmissionId, problemForSubmissionReader, readJudgeSwitches } from './submission-reads/submission-facts';
import {
  adminJudgeQuery,
  adminVerdictReply,
  contestProblemRejudgeQuery,
  judgeRowSchema,
  manualJudgeQuery,
  noData,
  shareSubmissionBody,
  submissionIdQuery,
  submitProblemJudgeBody,
} from '@oj/contracts';
import { submissionMessages } from './submissions.rejections';

export interface SubmissionsDependencies extends CommandContext {
  /** The judges alive now (their NATS reports); without it no judge is known and every language is accepted. */
  readonly liveJudges?: () => Promise<readonly JudgeReport[]>;
}

const rootJudgeAdmin = { access: 'login', roles: ['root'], permission: 'rejudge' } as const;
const submitter = { config: { access: 'login', permission: 'submit' } } as const;

export function submissionsRoutes(server: FastifyInstance, dependencies: SubmissionsDependencies): void {
  const app = server.withTypeProvider<ZodRequests>();
  const problems = problemForSubmissionReader(dependencies.db);
  const now = () => dependencies.clock.now().toISOString();
  const claimPracticeSubmitWindow = (userId: string, intervalSeconds: number) =>
    claimSubmitWindow(dependencies.ephemeral, {
      key: practiceSubmitLockKey(userId),
      intervalSeconds,
      rejection: submissionMessages.submitTooFast,
    });
  /** The contests that hold a contest-only problem; other problems need no contest facts. */
  const linkedContestsOf = async (problem: ProblemForSubmission | null, userId: string) =>
    problem?.auth === 3 ? await contestsLinkingProblem(dependencies.db, problem.problemId, userId) : [];

  const load = async (submissionId: number) => {
    const recorded = await dependencies.store.readStream(submissionStream(submissionId));
    return { state: fold(submissionModel, recorded), ip: recorded[0]?.metadata.clientIp ?? '' };
  };

  /** Decides on the submission stream, waits for the read models, and returns the state after the events. */
  const handle = async (
    request: FastifyRequest,
    submissionId: number,
    decide: Decide<SubmissionState, SubmissionEvent>,
  ) => {
    const handled = await runCommand(dependencies, request, submissionStream(submissionId), submissionModel, decide);
    return handled.events.reduce(submissionModel.evolve, handled.state);
  };

  // Submit, resubmit and rejudge answer the Judge row just written (status Pending).
  const submit = { ...submitter, ...hojReply(judgeRowSchema, { body: submitProblemJudgeBody }) };
  app.post('/submit-problem-judge', submit, async (request) => {
    const principal = principalOf(request);
    const { body } = request;
    const switches = await readJudgeSwitches(dependencies.db);
    const isContest = (body.cid ?? 0) !== 0;
    if (isContest && !switches.openContestJudge) {
      throw new CommandRejected(403, contestSubmitMessages.contestJudgeClosed);
    }
    if (!isContest && !switches.openPublicJudge) throw new CommandRejected(403, submissionMessages.publicJudgeClosed);
    checkCode(body.language, body.code, (await dependencies.liveJudges?.()) ?? []);
    if (!isContest) await claimPracticeSubmitWindow(principal.userId, switches.defaultSubmitIntervalSeconds);
    if (isContest) {
      // Contest submissions (§2.4): no rate limit; the contest rules decide before the problem's own.
      const facts = await contestForSubmission(dependencies.db, body.cid ?? 0, principal.userId, body.pid);
      const problem = facts?.problemId ? await problems.byId(facts.problemId) : null;
      const submissionId = await nextSubmissionId(dependencies.db);
      const state = await handle(
        request,
        submissionId,
        submitContestCode({
          submissionId,
          contest: facts?.contest ?? null,
          problem,
          userId: principal.userId,
          username: principal.username,
          isRoot: principal.role === 'root',
          language: body.language,
          code: body.code,
          submittedAt: now(),
        }),
      );
      return success(judgeRowOf(state, request.ip, now(), facts?.contest.contestProblem?.displayId));
    }
    if (body.tid) throw new CommandRejected(400, submissionMessages.trainingMissing);
    const problem = await problems.byDisplayId(body.pid);
    const submissionId = await nextSubmissionId(dependencies.db);
    const state = await handle(
      request,
      submissionId,
      submitCode({
        submissionId,
        problem,
        isProblemAdmin: isProblemAdminRole(principal.role),
        linkedContests: await linkedContestsOf(problem, principal.userId),
        userId: principal.userId,
        username: principal.username,
        language: body.language,
        code: body.code,
        submittedAt: now(),
      }),
    );
    return success(judgeRowOf(state, request.ip, now()));
  });

  const rejudge = { config: rootJudgeAdmin, ...hojReply(judgeRowSchema, { query: adminJudgeQuery }) };
  app.get('/admin/judge/rejudge', rejudge, async (request) => {
    const principal = principalOf(request);
    const { submitId, reason } = request.query;
    const { state: current, ip } = await load(submitId);
    const problem = current.submission ? await problems.byId(current.submission.problemId) : null;
    const state = await handle(
      request,
      submitId,
      rejudgeSubmission({ judge: problem?.judge ?? null, requestedBy: principal.userId, requestedAt: now(), reason }),
    );
    return { ...success(judgeRowOf(state, ip, now())), msg: submissionMessages.rejudged['zh-CN'] };
  });

  // The owner's resubmit goes through the submit path's gates (security F6): the submit permission, the judge
  // switch of the row's kind and the practice submit window.
  app.get('/resubmit', { ...submitter, ...hojReply(judgeRowSchema, { query: submissionIdQuery }) }, async (request) => {
    const principal = principalOf(request);
    const { submitId } = request.query;
    const { state: current, ip } = await load(submitId);
    const switches = await readJudgeSwitches(dependencies.db);
    if (current.submission?.contestId != null) {
      if (!switches.openContestJudge) throw new CommandRejected(403, contestSubmitMessages.contestJudgeClosed);
    } else if (!switches.openPublicJudge) {
      throw new CommandRejected(403, submissionMessages.publicJudgeClosed);
    }
    const problem = current.submission ? await problems.byId(current.submission.problemId) : null;
    const decide = resubmitSubmission({
      judge: problem?.judge ?? null,
      problem,
      isProblemAdmin: isProblemAdminRole(principal.role),
      linkedContests: await linkedContestsOf(problem, principal.userId),
      requestedBy: principal.userId,
      requestedAt: now(),
    });
    // Decided once before the window is claimed, so a refused resubmit does not cost the owner a submit.
    decide(current);
    await claimPracticeSubmitWindow(principal.userId, switches.defaultSubmitIntervalSeconds);
    const state = await handle(request, submitId, decide);
    return success(judgeRowOf(state, ip, now()));
  });

  // §1.2.8: every submission of (cid, pid) gets a new attempt; the boards drop them until judged again.
  const rejudgeContestProblem = { config: rootJudgeAdmin, ...hojReply(noData, { query: contestProblemRejudgeQuery }) };
  app.get('/admin/judge/rejudge-contest-problem', rejudgeContestProblem, async (request) => {
    const principal = principalOf(request);
    const { cid, pid, reason } = request.query;
    const submissionIds = await contestProblemSubmissionIds(dependencies.db, cid, pid);
    if (submissionIds.length === 0) throw new CommandRejected(400, contestSubmitMessages.nothingToRejudge);
    const problem = await problems.byId(pid);
    for (const submissionId of submissionIds) {
      await handle(
        request,
        submissionId,
        rejudgeSubmission({ judge: problem?.judge ?? null, requestedBy: principal.userId, requestedAt: now(), reason }),
      );
    }
    return { ...success(null), msg: contestSubmitMessages.contestProblemRejudged['zh-CN'] };
  });

  const manualJudge = { config: rootJudgeAdmin, ...hojReply(adminVerdictReply, { query: manualJudgeQuery }) };
  app.get('/admin/judge/manual-judge', manualJudge, async (request) => {
    const principal = principalOf(request);
    const { query } = request;
    const state = await handle(
      request,
      query.submitId,
      setVerdictManually({
        status: statusOfHojCode(query.status),
        score: query.score ?? null,
        adminUsername: principal.username,
        adminUserId: principal.userId,
        setAt: now(),
        reason: query.reason,
      }),
    );
    return success({
      submitId: query.submitId,
      judger: state.judger,
      status: hojStatusCodes[state.status],
      score: state.score,
      oiRankScore: state.oiRankScore,
    });
  });

  const cancelJudge = { config: rootJudgeAdmin, ...hojReply(adminVerdictReply, { query: adminJudgeQuery }) };
  app.get('/admin/judge/cancel-judge', cancelJudge, async (request) => {
    const principal = principalOf(request);
    const { submitId, reason } = request.query;
    const state = await handle(
      request,
      submitId,
      cancelJudging({
        adminUsername: principal.username,
        adminUserId: principal.userId,
        cancelledAt: now(),
        reason,
      }),
    );
    return success({
      submitId,
      judger: state.judger,
      status: hojStatusCodes[state.status],
      score: null,
      oiRankScore: null,
    });
  });

  const share = { config: { access: 'login' as const }, ...hojReply(noData, { body: shareSubmissionBody }) };
  app.put('/submission', share, async (request) => {
    const principal = principalOf(request);
    const { body } = request;
    if (body.submitId == null || body.share == null) throw new CommandRejected(400, submissionMessages.shareBadRequest);
    const { state: current } = await load(body.submitId);
    const problem = current.submission ? await problems.byId(current.submission.problemId) : null;
    await handle(
      request,
      body.submitId,
      changeShare({ userId: principal.userId, share: body.share, problem, changedAt: now() }),
    );
    return success(null);
  });
}
