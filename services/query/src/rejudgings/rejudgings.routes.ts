import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { emptyReplay, replayAll } from '@oj/events/folds';
import type { Database } from '@oj/read-models';
import { adminRoles, ApiError, hojReply, principalOf, success, type Principal, type ZodRequests } from '@oj/platform';
import {
  pageOf,
  rejudgingDetailQuery,
  rejudgingDetailSchema,
  rejudgingListQuery,
  rejudgingSummarySchema,
  type RejudgingDetail,
} from '@oj/contracts';
import { page } from '../paging/page';
import { findContest, rootUserIds } from '../contests/contests.queries';
import { hasEventTable, headPosition, readContestEvents } from '../scoreboards/board-history.queries';
import { boardDiff, previewApplied } from './rejudging-board-diff';
import {
  contestCreatorOf,
  rejudgingById,
  rejudgingItems,
  rejudgingPage,
  type RejudgingRow,
  type StagedItem,
} from './rejudgings.queries';

const backOffice = { config: { access: 'login' as const, roles: adminRoles } };

const messages = {
  onlyOwnContest: {
    'zh-CN': '对不起，您只能查看自己创建的比赛的重判！',
    'en-US': 'Sorry, you may only see the rejudgings of contests you created.',
  },
  missing: { 'zh-CN': '该重判不存在！', 'en-US': 'This rejudging does not exist.' },
} as const;

/** Root and admins see every rejudging; anyone else of the back office those of a contest they created. */
async function checkAccess(db: Kysely<Database>, principal: Principal, contestId: number | null | undefined) {
  if (principal.role === 'root' || principal.role === 'admin') return;
  const creator = contestId ? await contestCreatorOf(db, contestId) : null;
  if (creator === null || creator !== principal.userId) {
    throw new ApiError(403, messages.onlyOwnContest, {}, { httpStatus: 403 });
  }
}

/** The one contest every item belongs to, or null (a selection across contests or outside any has no board). */
function contestOf(rejudging: RejudgingRow, items: readonly StagedItem[]): number | null {
  if (rejudging.cid !== null) return rejudging.cid;
  const contestIds = new Set(items.map((item) => item.cid));
  const [only] = [...contestIds];
  return contestIds.size === 1 && only !== undefined ? only : null;
}

/**
 * The board before and after (issue 13 item 4): staged, "after" is the fold with the RejudgingApplied it would
 * append now; applied, the fold just before and just after its own RejudgingApplied; discarded, none.
 */
async function boardOf(db: Kysely<Database>, rejudging: RejudgingRow, items: readonly StagedItem[]) {
  const contestId = contestOf(rejudging, items);
  if (contestId === null || rejudging.state === 'discarded' || !(await hasEventTable(db))) return null;
  const contest = await findContest(db, contestId);
  if (!contest) return null;
  const isApplied = rejudging.state === 'applied';
  const upTo = isApplied ? rejudging.lastPosition : await headPosition(db);
  const events = await readContestEvents(db, contestId, 0n, upTo);
  const before = replayAll(
    emptyReplay(contestId),
    isApplied ? events.filter((event) => event.position < rejudging.lastPosition) : events,
  );
  const results = items.flatMap((item) => (item.result ? [item.result] : []));
  const after = isApplied ? replayAll(before, events.slice(-1)) : previewApplied(before, results);
  const { starAccounts, awardType, awards } = contest.settings;
  const excluded = [...(await rootUserIds(db)), contest.createdBy];
  const settings = { type: contest.type, starAccounts, removeStar: false, awardType, awards };
  return { cid: contestId, type: contest.type, ...boardDiff(before, after, excluded, settings) };
}

/** The back office's staged rejudges (docs/judging.md "Staged rejudges"; docs/api.md). */
export function rejudgingsRoutes(server: FastifyInstance, db: Kysely<Database>): void {
  const app = server.withTypeProvider<ZodRequests>();
  const listReply = hojReply(pageOf(rejudgingSummarySchema), { query: rejudgingListQuery });
  app.get('/admin/rejudgings', { ...backOffice, ...listReply }, async (request) => {
    const { query } = request;
    await checkAccess(db, principalOf(request), query.cid);
    const { total, rows } = await rejudgingPage(db, query.cid, query.limit, query.currentPage);
    const records = rows.map(({ lastPosition: _position, ...summary }) => summary);
    return success(page(records, total, query.limit, query.currentPage));
  });

  const detailReply = hojReply(rejudgingDetailSchema, { query: rejudgingDetailQuery });
  app.get('/admin/rejudgings/detail', { ...backOffice, ...detailReply }, async (request) => {
    const { id } = request.query;
    const principal = principalOf(request);
    const rejudging = await rejudgingById(db, id);
    await checkAccess(db, principal, rejudging?.cid ?? null);
    if (!rejudging) throw new ApiError(404, messages.missing, {}, { httpStatus: 404 });
    const items = await rejudgingItems(db, id);
    const { lastPosition: _position, ...summary } = rejudging;
    const detail: RejudgingDetail = {
      rejudging: summary,
      items: items.map(({ attempt: _attempt, result: _result, ...item }) => item),
      board: await boardOf(db, rejudging, items),
    };
    return success(detail);
  });
}
