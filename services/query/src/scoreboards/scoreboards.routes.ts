import type { FastifyInstance } from 'fastify';
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
import { contestCidQuery, contestOutsideInfoSchema, contestRankBody, contestRankPageSchema } from '@oj/contracts';
import type { z } from 'zod';
import { accessibleContest } from '../contests/accessible-contest';
import { isContestAdmin, isSealedFor, type Viewer } from '../contests/contest-access';
import { viewerOf } from '../contests/contest-viewer';
import { contestInfoOf } from '../contests/contest-views';
import {
  contestProblemLinks,
  findContest,
  registrationCounts,
  rootUserIds,
  type ContestRow,
} from '../contests/contests.queries';
import { readRankedPage } from './board.queries';
import {
  createBoardHistories,
  hasEventTable,
  headPosition,
  positionAtInstant,
  readRankedPageAt,
} from './board-history.queries';
import type { RankedEntry } from './scoreboard-ranking';

const messages = {
  outsideMissing: { 'zh-CN': '访问错误：该比赛不存在！', 'en-US': 'Access error: this contest does not exist!' },
  outsideClosed: {
    'zh-CN': '本场比赛未开启外榜，禁止访问外榜！',
    'en-US': 'This contest has no public scoreboard!',
  },
  outsideScheduled: {
    'zh-CN': '本场比赛正在筹备中，禁止访问外榜！',
    'en-US': 'This contest is being prepared: its public scoreboard is closed!',
  },
  outsideCidMissing: { 'zh-CN': '错误：比赛id不能为空', 'en-US': 'Error: the contest id is required' },
  rankCidMissing: { 'zh-CN': '错误：cid不能为空', 'en-US': 'Error: cid is required' },
  historyForbidden: {
    'zh-CN': '比赛结束前，只有比赛管理员可以查看过去时刻的榜单！',
    'en-US': 'Before the contest ends, only its admins can see the board at a past instant!',
  },
  historyUnavailable: {
    'zh-CN': '当前事件存储不支持查看过去时刻的榜单',
    'en-US': 'This event store keeps no board history to replay',
  },
} as const satisfies Record<string, LocalizedText>;

const fail = (status: 400 | 403 | 404, text: LocalizedText): never => {
  throw new ApiError(status, text);
};

export interface ScoreboardsQueryDependencies {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
}

/** A contest's board (§2.7–2.10): the contestants' rank, and the outside board with its contest info. */
export function scoreboardsRoutes(server: FastifyInstance, { db, clock }: ScoreboardsQueryDependencies): void {
  const app = server.withTypeProvider<ZodRequests>();
  const accessible = (contestId: number, viewer: Viewer) => accessibleContest(db, contestId, viewer, clock.now());
  const histories = createBoardHistories();
  const countOf = async (contestId: number) => (await registrationCounts(db, [contestId])).get(contestId) ?? null;

  const rankReply = async (
    contest: ContestRow,
    viewer: Viewer | null,
    body: z.output<typeof contestRankBody>,
    pinViewer: boolean,
  ) => {
    const now = clock.now();
    const sealed = isSealedFor(contest, viewer, body.forceRefresh, now);
    const containsEnd = body.containsEnd && contest.settings.allowEndSubmit && !sealed;
    const excluded = [...(await rootUserIds(db)), contest.createdBy];
    const { starAccounts, awardType, awards, rankShowName } = contest.settings;
    const rankedPage = await readRankedPage(
      db,
      contest,
      { sealed, containsEnd },
      excluded,
      { type: contest.type, starAccounts, removeStar: body.removeStar, awardType, awards },
      {
        viewerId: pinViewer ? (viewer?.userId ?? null) : null,
        concernedList: body.concernedList ?? [],
        keyword: body.keyword ?? null,
        rankShowName,
        currentPage: body.currentPage,
        limit: body.limit,
      },
    );
    const records = rankedPage.records.map((row) => rankRowOf(row, contest.type));
    return success({ ...rankedPage, records });
  };

  /** The board at a past instant or position (issue 13): the same page, folded from the events. */
  const rankReplyAt = async (
    contest: ContestRow,
    viewer: Viewer | null,
    body: z.output<typeof contestRankBody>,
    pinViewer: boolean,
  ) => {
    const now = clock.now();
    const ended = contestStatusAt(contest.settings.startAt, contest.settings.endAt, now) === 1;
    if (!ended && !isContestAdmin(contest, viewer)) return fail(403, messages.historyForbidden);
    if (!(await hasEventTable(db))) return fail(400, messages.historyUnavailable);
    // A sealed viewer stays sealed: the sealed board as of that instant (before the seal it is the live one).
    const sealed = isSealedFor(contest, viewer, body.forceRefresh, now);
    const containsEnd = body.containsEnd && contest.settings.allowEndSubmit && !sealed;
    const head = await headPosition(db);
    const asked = body.position ?? (body.at ? await positionAtInstant(db, new Date(body.at)) : head);
    const { starAccounts, awardType, awards, rankShowName } = contest.settings;
    const { position, page } = await readRankedPageAt(
      db,
      histories,
      contest,
      { sealed, containsEnd },
      asked < head ? asked : head,
      [...(await rootUserIds(db)), contest.createdBy],
      { type: contest.type, starAccounts, removeStar: body.removeStar, awardType, awards },
      {
        viewerId: pinViewer ? (viewer?.userId ?? null) : null,
        concernedList: body.concernedList ?? [],
        keyword: body.keyword ?? null,
        rankShowName,
        currentPage: body.currentPage,
        limit: body.limit,
      },
    );
    const records = page.records.map((row) => rankRowOf(row, contest.type));
    return success({ ...page, records, position: String(position), headPosition: String(head) });
  };
  const replyFor = (...args: Parameters<typeof rankReply>) =>
    args[2].position != null || args[2].at != null ? rankReplyAt(...args) : rankReply(...args);

  // Either variant of the rank reply: live or sealed, now or at a past instant (its position then named).
  const rankPage = hojReply(contestRankPageSchema, { body: contestRankBody });
  app.post('/get-contest-rank', { config: { access: 'login' }, ...rankPage }, async (request) => {
    const { body } = request;
    if (!body.cid) return fail(400, messages.rankCidMissing);
    const viewer = viewerOf(principalOf(request));
    const contest = await accessible(body.cid, viewer);
    return replyFor(contest, viewer, body, true);
  });

  // F13: an invisible contest shows nothing outside, except to its admins.
  const outsideContest = async (contestId: number, missingStatus: 400 | 404, viewer: Viewer | null) => {
    const contest = await findContest(db, contestId);
    if (!contest || (!contest.visible && !isContestAdmin(contest, viewer))) {
      return fail(missingStatus, messages.outsideMissing);
    }
    if (!contest.settings.openRank) return fail(403, messages.outsideClosed);
    if (contestStatusAt(contest.settings.startAt, contest.settings.endAt, clock.now()) === -1) {
      return fail(403, messages.outsideScheduled);
    }
    return contest;
  };

  const outsideInfo = {
    config: { access: 'anon' as const },
    ...hojReply(contestOutsideInfoSchema, { query: contestCidQuery }),
  };
  app.get('/get-contest-outsize-info', outsideInfo, async (request) => {
    const { cid } = request.query;
    const visible = await findContest(db, cid);
    const contest = await outsideContest(visible?.visible ? cid : -1, 404, null);
    const problemList = (await contestProblemLinks(db, cid)).map(({ auth: _auth, ...link }) => ({
      ...link,
      gmtCreate: link.gmtCreate.toISOString(),
      gmtModified: link.gmtModified.toISOString(),
    }));
    return success({ contest: contestInfoOf(contest, await countOf(cid), clock.now()), problemList });
  });

  app.post('/get-contest-outside-scoreboard', { config: { access: 'anon' }, ...rankPage }, async (request) => {
    const { body } = request;
    if (!body.cid) return fail(400, messages.outsideCidMissing);
    const viewer = viewerOf(request.principal);
    const contest = await outsideContest(body.cid, 400, viewer);
    return replyFor(contest, viewer, body, false);
  });
}

/** ACMContestRankVO / OIContestRankVO (§2.7, §2.9). */
function rankRowOf(row: RankedEntry, type: 'ACM' | 'OI') {
  const common = {
    rank: row.rank,
    isWinAward: row.isWinAward,
    awardName: row.awardName,
    awardBackground: row.awardBackground,
    awardColor: row.awardColor,
    uid: row.uid,
    username: row.username,
    realname: row.realname,
    nickname: row.nickname,
    school: row.school,
    gender: row.gender,
    avatar: row.avatar,
  };
  return type === 'ACM'
    ? { ...common, totalTime: row.totalTime, total: row.total, ac: row.ac, submissionInfo: row.submissionInfo }
    : {
        ...common,
        totalScore: row.totalScore,
        totalTime: row.totalTime,
        submissionInfo: row.submissionInfo,
        timeInfo: row.timeInfo,
      };
}
