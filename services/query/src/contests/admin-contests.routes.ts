import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import {
  adminRoles,
  ApiError,
  hojReply,
  isSealedText,
  success,
  type Clock,
  type LocalizedText,
  type TextSealer,
  type ZodRequests,
} from '@oj/platform';
import {
  adminContestListRowSchema,
  adminContestSchema,
  contestCidQuery,
  contestListQuery,
  pageOf,
} from '@oj/contracts';
import { isContestAdmin } from './contest-access';
import { viewerOf } from './contest-viewer';
import { adminContestOf } from './contest-views';
import { findContest, listContests } from './contests.queries';
import { page } from '../paging/page';

const messages = {
  adminMissing: {
    'zh-CN': '查询失败：该比赛不存在,请检查参数cid是否准确！',
    'en-US': 'Query failed: this contest does not exist, check the cid!',
  },
  adminNoPermission: { 'zh-CN': '对不起，你无权限操作！', 'en-US': 'Sorry, you have no permission for this!' },
} as const satisfies Record<string, LocalizedText>;

const fail = (status: 400 | 403, text: LocalizedText): never => {
  throw new ApiError(status, text);
};

export interface AdminContestsDependencies {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  /** Opens sealed contest passwords for AdminContestVO.pwd (F9; docs/contests.md). */
  readonly contestPasswords?: TextSealer;
}

/** The contest back office's contest reads (§1.3): one contest with its password, and the list with hidden ones. */
export function adminContestsRoutes(
  server: FastifyInstance,
  { db, clock, contestPasswords }: AdminContestsDependencies,
): void {
  const app = server.withTypeProvider<ZodRequests>();
  // A legacy password (stored before sealing) reads as is; a sealed one needs the key.
  const shownPassword = (stored: string | null) =>
    stored === null || !isSealedText(stored) ? stored : (contestPasswords?.open(stored) ?? '');

  const adminRule = { config: { access: 'login' as const, roles: adminRoles } };

  const adminContest = { ...adminRule, ...hojReply(adminContestSchema, { query: contestCidQuery }) };
  app.get('/admin/contest', adminContest, async (request) => {
    const { cid } = request.query;
    const contest = await findContest(db, cid);
    if (!contest) return fail(400, messages.adminMissing);
    if (!isContestAdmin(contest, viewerOf(request.principal))) return fail(403, messages.adminNoPermission);
    return success({ ...adminContestOf(contest, clock.now()), pwd: shownPassword(contest.settings.password) });
  });

  const adminListPage = { ...adminRule, ...hojReply(pageOf(adminContestListRowSchema), { query: contestListQuery }) };
  app.get('/admin/contest/get-contest-list', adminListPage, async (request) => {
    const { query } = request;
    const now = clock.now();
    const keyword = query.keyword?.trim() || null;
    const filter = {
      currentPage: query.currentPage,
      limit: query.limit,
      status: null,
      type: null,
      keyword,
      visibleOnly: false,
    };
    const { total, contests } = await listContests(db, filter, now);
    const records = contests.map((contest) => {
      const { pwd: _pwd, ...rest } = adminContestOf(contest, now);
      return rest;
    });
    return success(page(records, total, query.limit, query.currentPage));
  });
}
