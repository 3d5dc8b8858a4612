import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { contestStatusAt } from '@oj/events';
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
import { isContestAdmin, isSealedFor, type Viewer } from './contest-access';
import { contestProblemDetails } from './contest-problem-details';
import { contestSubmissions } from './contest-submissions';
import { acHelperRows, printQueue } from './contest-admin-tools.queries';
import { findSubmissions } from '../submissions/submissions.queries';
import { polledRowOf } from '../submissions/submission-views';
import { readSubmissionVisibility } from '../submissions/submission-visibility';
import { contestInfoOf, contestListRowOf, recentContestOf } from './contest-views';
import {
  contestAccessSchema,
  contestAdminPageQuery,
  contestCidQuery,
  contestInfoSchema,
  contestListQuery,
  contestListRowSchema,
  contestPrintRowSchema,
  contestProblemDetailsQuery,
  contestProblemDetailsSchema,
  contestProblemQuery,
  contestProblemRow,
  contestRecordSchema,
  contestSubmissionRowSchema,
  contestSubmissionsQuery,
  contestSubmissionsStatusBody,
  judgeRowSchema,
  pageOf,
  recentContestSchema,
  type ContestProblemRow,
} from '@oj/contracts';
import { z } from 'zod';
import {
  contestProblemCounts,
  findContest,
  hiddenProblemAuth,
  isRegistered,
  listContests,
  recentContests,
  registrationCounts,
  rootUserIds,
  shownContestProblemLinks,
} from './contests.queries';
import { viewerOf } from './contest-viewer';
import { page } from '../paging/page';

const messages = {
  infoMissing: { 'zh-CN': '对不起，该比赛不存在!', 'en-US': 'Sorry, this contest does not exist!' },
  noPermission: { 'zh-CN': '对不起，您无权限操作！', 'en-US': 'Sorry, you have no permission for this!' },
  loginFirst: { 'zh-CN': '请您先登录！', 'en-US': 'Please log in first!' },
  statusCidMissing: { 'zh-CN': '查询比赛id不能为空', 'en-US': 'The contest id is required' },
  contestProblemMissing: { 'zh-CN': '该比赛题目不存在', 'en-US': 'This contest problem does not exist' },
  contestProblemHidden: { 'zh-CN': '该比赛题目当前不可访问！', 'en-US': 'This contest problem cannot be opened now!' },
} as const satisfies Record<string, LocalizedText>;

const fail = (status: 400 | 403 | 404, text: LocalizedText): never => {
  throw new ApiError(status, text);
};

export interface ContestsQueryDependencies {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
}

/** The contestants' contest reads (§1.1) and the admin tools (§1.2); the back office's are admin-contests.routes.ts. */
export function contestsRoutes(server: FastifyInstance, { db, clock }: ContestsQueryDependencies): void {
  const app = server.withTypeProvider<ZodRequests>();
  const countOf = async (contestId: number) => (await registrationCounts(db, [contestId])).get(contestId) ?? null;

  const accessible = (contestId: number, viewer: Viewer) => accessibleContest(db, contestId, viewer, clock.now());

  const anon = { config: { access: 'anon' as const } };
  const login = { config: { access: 'login' as const } };

  app.get('/get-recent-contest', { ...anon, ...hojReply(z.array(recentContestSchema)) }, async () => {
    const now = clock.now();
    return success((await recentContests(db, now)).map((contest) => recentContestOf(contest, now)));
  });

  const contestList = { ...anon, ...hojReply(pageOf(contestListRowSchema), { query: contestListQuery }) };
  app.get('/get-contest-list', contestList, async (request) => {
    const { query } = request;
    const now = clock.now();
    const filter = {
      ...query,
      status: query.status ?? null,
      type: query.type ?? null,
      keyword: query.keyword ?? null,
      visibleOnly: true,
    };
    const { total, contests } = await listContests(db, filter, now);
    const counts = await registrationCounts(
      db,
      contests.map((contest) => contest.contestId),
    );
    const records = contests.map((contest) => contestListRowOf(contest, counts.get(contest.contestId) ?? null, now));
    return success(page(records, total, query.limit, query.currentPage));
  });

  const info = { ...login, ...hojReply(contestInfoSchema, { query: contestCidQuery }) };
  app.get('/get-contest-info', info, async (request) => {
    const { cid } = request.query;
    const contest = await findContest(db, cid);
    if (!contest || !contest.visible) return fail(400, messages.infoMissing);
    return success(contestInfoOf(contest, await countOf(cid), clock.now()));
  });

  const access = { ...login, ...hojReply(contestAccessSchema, { query: contestCidQuery }) };
  app.get('/get-contest-access', access, async (request) => {
    const { cid } = request.query;
    const principal = principalOf(request);
    if (!(await isRegistered(db, cid, principal.userId))) return success({ access: false });
    const contest = await findContest(db, cid);
    if (!contest || !contest.visible) return fail(400, messages.infoMissing);
    return success({ access: true });
  });

  const open = { config: { access: 'open' as const } };
  const problemRows = { ...open, ...hojReply(z.array(contestProblemRow), { query: contestProblemQuery }) };
  app.get('/get-contest-problem', problemRows, async (request) => {
    const { query } = request;
    const viewer = viewerOf(request.principal);
    const now = clock.now();
    const contest = viewer ? await accessibleOrOpen(query.cid, viewer) : await findContest(db, query.cid);
    // F13: anonymous callers are never contest admins, so an invisible contest does not exist for them.
    if (!contest || !contest.visible) return fail(400, messages.infoMissing);
    const status = contestStatusAt(contest.settings.startAt, contest.settings.endAt, now);
    if (!viewer && (!contest.settings.openRank || status === -1)) return fail(403, messages.loginFirst);
    const settings = contest.settings;
    // Anonymous viewers get counts cut at the seal whenever sealing is on (§1.1 [quirk 2]).
    const sealed = viewer ? isSealedFor(contest, viewer, true, now) : settings.sealRank && settings.sealRankAt !== null;
    const containsEnd = query.containsEnd && settings.allowEndSubmit;
    const until =
      sealed && settings.sealRankAt ? new Date(settings.sealRankAt) : containsEnd ? null : new Date(settings.endAt);
    const excluded = [...(await rootUserIds(db)), contest.createdBy];
    const counts = await contestProblemCounts(
      db,
      contest.contestId,
      { from: new Date(settings.startAt), until },
      excluded,
    );
    const links = await shownContestProblemLinks(db, contest.contestId);
    return success(
      links.map((link): ContestProblemRow => ({
        id: link.id,
        displayId: link.displayId,
        cid: link.cid,
        pid: link.pid,
        displayTitle: link.displayTitle,
        color: link.color,
        ac: counts.get(link.id)?.ac ?? 0,
        total: counts.get(link.id)?.total ?? 0,
      })),
    );
  });

  const problemDetails = { ...login, ...hojReply(contestProblemDetailsSchema, { query: contestProblemDetailsQuery }) };
  app.get('/get-contest-problem-details', problemDetails, async (request) => {
    const { query } = request;
    const viewer = viewerOf(principalOf(request));
    const contest = await accessible(query.cid, viewer);
    const detail = await contestProblemDetails(db, contest, query.displayId, viewer, {
      containsEnd: query.containsEnd,
      now: clock.now(),
    });
    if (!detail) return fail(404, messages.contestProblemMissing);
    if (detail.problem.auth === hiddenProblemAuth) return fail(403, messages.contestProblemHidden);
    return success(detail);
  });

  const submissionRows = {
    ...login,
    ...hojReply(pageOf(contestSubmissionRowSchema), { query: contestSubmissionsQuery }),
  };
  app.get('/contest-submissions', submissionRows, async (request) => {
    const { query } = request;
    const viewer = viewerOf(principalOf(request));
    const contest = await accessible(query.contestID, viewer);
    const filter = {
      ...query,
      problemId: query.problemID?.trim() || null,
      completeProblemId: query.completeProblemID,
      status: query.status ?? null,
      username: query.username?.trim() || null,
    };
    return success(await contestSubmissions(db, contest, viewer, filter, clock.now()));
  });

  // §1.1: HOJ checks only the login; here the contest access check comes first (F2: a private contest's rows
  // are not polled by strangers). A sealed viewer polls rows between the start and the seal, and in ACM also their
  // own later ones, as the submissions list shows them (HOJ drops those [quirk 6]); every row then goes through
  // the freeze-aware view, as in check-submissions-status.
  const polled = { body: contestSubmissionsStatusBody };
  const polledRows = { ...login, ...hojReply(z.record(z.string(), judgeRowSchema), polled) };
  app.post('/check-contest-submissions-status', polledRows, async (request) => {
    const { body } = request;
    if (!body.cid) return fail(404, messages.statusCidMissing);
    const principal = principalOf(request);
    const viewer = viewerOf(principal);
    const contest = await accessible(body.cid, viewer);
    if (body.submitIds.length === 0) return success({});
    const now = clock.now();
    const { startAt, sealRankAt } = contest.settings;
    const sealed = isSealedFor(contest, viewer, true, now) && sealRankAt !== null;
    const records = (await findSubmissions(db, body.submitIds.slice(0, 500))).filter(
      (row) =>
        row.contest_id === contest.contestId &&
        (!sealed ||
          (contest.type === 'ACM' && row.user_id === viewer.userId) ||
          (row.submitted_at >= new Date(startAt) && row.submitted_at < new Date(sealRankAt ?? startAt))),
    );
    const visibility = await readSubmissionVisibility(db, records, principal, now);
    const admin = isContestAdmin(contest, viewer);
    const rows = records.flatMap((record) => {
      const polled = polledRowOf(record, visibility, viewer.userId);
      if (!polled) return [];
      const hidden = !admin && record.user_id !== viewer.userId ? { time: null, memory: null, length: null } : {};
      return [[record.submission_id, { ...polled, ...hidden }] as const];
    });
    return success(Object.fromEntries(rows));
  });

  /** The front-office admin tools (§1.2): contest admins only; a missing contest is HOJ's HTTP 500, a 400 here. */
  const administered = async (request: FastifyRequest, contestId: number) => {
    const contest = await findContest(db, contestId);
    if (!contest) return fail(400, messages.infoMissing);
    if (!isContestAdmin(contest, viewerOf(request.principal))) return fail(403, messages.noPermission);
    return contest;
  };

  const acInfo = { ...login, ...hojReply(pageOf(contestRecordSchema), { query: contestAdminPageQuery }) };
  app.get('/get-contest-ac-info', acInfo, async (request) => {
    const { query } = request;
    const contest = await administered(request, query.cid);
    return success(await acHelperRows(db, contest, query));
  });

  const printPage = { ...login, ...hojReply(pageOf(contestPrintRowSchema), { query: contestAdminPageQuery }) };
  app.get('/get-contest-print', printPage, async (request) => {
    const { query } = request;
    await administered(request, query.cid);
    return success(await printQueue(db, query.cid, query));
  });

  /** Logged-in problem list: with openRank on and the contest started, the list is public anyway (§1.1). */
  const accessibleOrOpen = async (contestId: number, viewer: Viewer) => {
    const contest = await findContest(db, contestId);
    if (contest?.visible && contest.settings.openRank) {
      if (contestStatusAt(contest.settings.startAt, contest.settings.endAt, clock.now()) !== -1) return contest;
    }
    return accessible(contestId, viewer);
  };
}
