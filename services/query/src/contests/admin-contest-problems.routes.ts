import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { adminRoles, ApiError, hojReply, success, type LocalizedText, type ZodRequests } from '@oj/platform';
import {
  adminContestProblemListQuery,
  adminContestProblemListSchema,
  adminContestProblemQuery,
  contestProblemLinkRow,
  type ContestProblemLinkRow,
} from '@oj/contracts';
import { candidateProblems } from './admin-contest-problems.queries';
import { contestProblemLinks, findContest } from './contests.queries';
import { page } from '../paging/page';

const messages = {
  linkMissing: { 'zh-CN': '查询失败', 'en-US': 'Query failed' },
} as const satisfies Record<string, LocalizedText>;

type Link = Awaited<ReturnType<typeof contestProblemLinks>>[number];

/** HOJ's ContestProblem row. */
const contestProblemOf = ({ auth: _auth, ...link }: Link): ContestProblemLinkRow => ({
  ...link,
  gmtCreate: link.gmtCreate.toISOString(),
  gmtModified: link.gmtModified.toISOString(),
});

/** The contest back office's problem reads (§1.3): the problem list or its candidates, and one link. */
export function adminContestProblemsRoutes(server: FastifyInstance, db: Kysely<Database>): void {
  const app = server.withTypeProvider<ZodRequests>();
  const adminRule = { config: { access: 'login' as const, roles: adminRoles } };

  const problemListReply = {
    ...adminRule,
    ...hojReply(adminContestProblemListSchema, { query: adminContestProblemListQuery }),
  };
  app.get('/admin/contest/get-problem-list', problemListReply, async (request) => {
    const { query } = request;
    const [links, contest] = await Promise.all([contestProblemLinks(db, query.cid), findContest(db, query.cid)]);
    // Not in HOJ's reply: the contest's type (0 ACM, 1 OI; null without such a contest), so the contest's problem
    // editor can lock it for problem admins, whom GET /api/admin/contest refuses unless they created the contest.
    const type = contest ? (contest.type === 'OI' ? 1 : 0) : null;
    const contestProblemMap = Object.fromEntries(links.map((link) => [link.pid, contestProblemOf(link)]));
    if (query.problemType === undefined) {
      // The contest's own problems on one page, sorted by display id, titled as the contest shows them.
      const problemList = links.map((link) => ({ id: link.pid, title: link.displayTitle, auth: link.auth }));
      return success({
        problemList: page(problemList, links.length, Math.max(links.length, 1), 1),
        contestProblemMap,
        type,
      });
    }
    const problemList = await candidateProblems(db, {
      contestId: query.cid,
      type: query.problemType === 0 ? 'ACM' : 'OI',
      keyword: query.keyword,
      limit: query.limit,
      currentPage: query.currentPage,
    });
    return success({ problemList, contestProblemMap, type });
  });

  const linkReply = { ...adminRule, ...hojReply(contestProblemLinkRow, { query: adminContestProblemQuery }) };
  app.get('/admin/contest/contest-problem', linkReply, async (request) => {
    const { cid, pid } = request.query;
    const link = (await contestProblemLinks(db, cid)).find((candidate) => candidate.pid === pid);
    if (!link) throw new ApiError(400, messages.linkMissing);
    return success(contestProblemOf(link));
  });
}
