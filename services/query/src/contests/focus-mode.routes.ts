import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import {
  ApiError,
  hojReply,
  principalOf,
  success,
  type Clock,
  type LocalizedText,
  type ZodRequests,
} from '@oj/platform';
import { accessibleContest } from './accessible-contest';
import type { ContestFacts } from './contest-access';
import { standingOfOwnRows } from './contest-problem-statuses';
import { shownContestProblemLinks } from './contests.queries';
import { focusModeProblemListQuery, focusModeProblemListSchema, type FocusModeProblem } from '@oj/contracts';
import { viewerOf } from './contest-viewer';

const messages = {
  idMissing: { 'zh-CN': '请求参数错误：tid或cid不能为空', 'en-US': 'Bad request: tid or cid is required' },
  // No training exists in this product yet, so every training id is a missing one (HOJ's message for it).
  trainingMissing: {
    'zh-CN': '该训练不存在或不允许显示！',
    'en-US': 'This training does not exist or is not shown!',
  },
} as const satisfies Record<string, LocalizedText>;

/** Verdicts still on their way say nothing about the caller's standing yet (api-core.md §3). */
const inFlight = ['Pending', 'Compiling', 'Judging'];

export interface FocusModeDependencies {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
}

/** The focus-mode problem strip: a contest's visible problems with the caller's own status on each. */
export function focusModeRoutes(server: FastifyInstance, { db, clock }: FocusModeDependencies): void {
  const app = server.withTypeProvider<ZodRequests>();
  const problemStrip = {
    config: { access: 'login' as const },
    ...hojReply(focusModeProblemListSchema, { query: focusModeProblemListQuery }),
  };
  app.get('/get-full-screen-problem-list', problemStrip, async (request) => {
    const { tid, cid } = request.query;
    if (tid !== undefined) throw new ApiError(400, messages.trainingMissing);
    if (cid === undefined) throw new ApiError(400, messages.idMissing);
    const viewer = viewerOf(principalOf(request));
    const now = clock.now();
    const contest = await accessibleContest(db, cid, viewer, now);
    return success(await focusModeProblems(db, contest, viewer.userId, now));
  });
}

/** Rows by display id; no end cut-off: after-contest runs count here, unlike get-user-problem-status. */
async function focusModeProblems(
  db: Kysely<Database>,
  contest: ContestFacts,
  userId: string,
  now: Date,
): Promise<FocusModeProblem[]> {
  const links = await shownContestProblemLinks(db, contest.contestId);
  const rows = await db
    .selectFrom('submissions')
    .select(['problem_id', 'status', 'score'])
    .where('contest_id', '=', contest.contestId)
    .where('user_id', '=', userId)
    .where('status', 'not in', inFlight)
    .orderBy('submitted_at', 'desc')
    .orderBy('submission_id', 'desc')
    .execute();
  return links.map((link) => {
    const own = rows.filter((row) => row.problem_id === link.pid);
    const standing = standingOfOwnRows(contest, own, now);
    return {
      pid: link.pid,
      problemId: link.displayId,
      title: link.displayTitle,
      status: standing?.status ?? null,
      score: standing?.score ?? null,
    };
  });
}
