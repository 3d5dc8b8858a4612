import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { contestStatusAt, hojStatusCodes, type SubmissionStatus } from '@oj/events';
import type { Database } from '@oj/read-models';
import { ApiError, hojReply, success, type Clock, type LocalizedText, type ZodRequests } from '@oj/platform';
import { isContestAdmin, isSealedFor, type Viewer } from '../contests/contest-access';
import { findContest, rootUserIds, type ContestRow } from '../contests/contests.queries';
import {
  scrollBoardInfoQuery,
  scrollBoardInfoSchema,
  scrollBoardSubmissionQuery,
  scrollBoardSubmissionSchema,
  type ScrollBoardInfo,
  type ScrollBoardSubmission,
} from '@oj/contracts';
import { z } from 'zod';
import { scrollBoardProblems, scrollBoardRows } from './scroll-board.queries';
import { viewerOf } from '../contests/contest-viewer';

/** HOJ's own bilingual texts (§1.2.9), the double space included; the en-US side is their English half. */
const messages = {
  contestMissing: { 'zh-CN': '比赛不存在 (The contest does not exist)', 'en-US': 'The contest does not exist' },
  notAcm: {
    'zh-CN': '非ACM赛制的比赛无法进行滚榜  (Non - ACM contest board cannot be rolled)',
    'en-US': 'Non - ACM contest board cannot be rolled',
  },
  notSealed: {
    'zh-CN': '比赛未开启封榜，无法进行滚榜 (The contest has not been closed, and cannot roll)',
    'en-US': 'The contest has not been closed, and cannot roll',
  },
  notEnded: {
    'zh-CN': '比赛未结束，禁止进行滚榜 (Roll off is prohibited before the contest is over)',
    'en-US': 'Roll off is prohibited before the contest is over',
  },
  noPermission: { 'zh-CN': '对不起，您无权限操作！', 'en-US': 'Sorry, you have no permission for this!' },
} as const satisfies Record<string, LocalizedText>;

const gmt8OffsetMs = 8 * 3600_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** `yyyy/MM/dd HH:mm:ss` in GMT+8, the scroll board's date format (§0 Dates). */
export function scrollBoardTimeOf(instant: Date | string): string {
  const shifted = new Date(new Date(instant).getTime() + gmt8OffsetMs);
  const date = `${shifted.getUTCFullYear()}/${pad(shifted.getUTCMonth() + 1)}/${pad(shifted.getUTCDate())}`;
  return `${date} ${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`;
}

export interface ContestScrollBoardDependencies {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
}

const anon = { config: { access: 'anon' as const } };

const fail = (status: 400 | 403, text: LocalizedText): never => {
  throw new ApiError(status, text);
};

/**
 * Reference Part 3 #17: HOJ serves both calls to anyone. Here a contest admin may always read them; anyone else
 * (anonymous included) only for a visible public contest whose board is live for them, i.e. whose final results
 * are public anyway. A private contest's submissions, or a board kept sealed for the ceremony (autoRealRank
 * off), are not handed out.
 */
const mayReadBoard = (contest: ContestRow, viewer: Viewer | null, now: Date): boolean =>
  isContestAdmin(contest, viewer) ||
  (contest.visible && contest.settings.auth === 0 && !isSealedFor(contest, viewer, false, now));

/**
 * GET /api/get-contest-scroll-board-info and GET /api/get-contest-scroll-board-submission (§1.2.9, §1.2.10): the
 * data of the resolver page (§2.18) for an ended, sealed ACM contest.
 */
export function contestScrollBoardRoutes(server: FastifyInstance, { db, clock }: ContestScrollBoardDependencies): void {
  const app = server.withTypeProvider<ZodRequests>();
  /** §1.2.9's checks in HOJ's order (an invisible contest is missing for non-admins), then the permission. */
  const boardContest = async (request: FastifyRequest, contestId: number) => {
    const viewer = viewerOf(request.principal);
    const now = clock.now();
    const contest = await findContest(db, contestId);
    if (!contest || (!contest.visible && !isContestAdmin(contest, viewer))) return fail(400, messages.contestMissing);
    const { sealRank, sealRankAt, startAt, endAt } = contest.settings;
    if (contest.type !== 'ACM') return fail(400, messages.notAcm);
    if (!sealRank || sealRankAt === null) return fail(400, messages.notSealed);
    if (contestStatusAt(startAt, endAt, now) !== 1) return fail(400, messages.notEnded);
    if (!mayReadBoard(contest, viewer, now)) return fail(403, messages.noPermission);
    return { ...contest, sealRankAt };
  };

  const infoReply = { ...anon, ...hojReply(scrollBoardInfoSchema, { query: scrollBoardInfoQuery }) };
  app.get('/get-contest-scroll-board-info', infoReply, async (request) => {
    const { cid } = request.query;
    const contest = await boardContest(request, cid);
    const problems = await scrollBoardProblems(db, cid);
    const info: ScrollBoardInfo = {
      id: contest.contestId,
      rankShowName: contest.settings.rankShowName,
      problemCount: problems.length,
      balloonColor: Object.fromEntries(problems.map((problem) => [problem.displayId, problem.color])),
      startTime: scrollBoardTimeOf(contest.settings.startAt),
      sealRankTime: scrollBoardTimeOf(contest.sealRankAt),
      starUserList: contest.settings.starAccounts,
    };
    return success(info);
  });

  const submissionsReply = {
    ...anon,
    ...hojReply(z.array(scrollBoardSubmissionSchema), { query: scrollBoardSubmissionQuery }),
  };
  app.get('/get-contest-scroll-board-submission', submissionsReply, async (request) => {
    const { cid, removeStar } = request.query;
    const contest = await boardContest(request, cid);
    const rows = await scrollBoardRows(db, {
      contestId: cid,
      endAt: new Date(contest.settings.endAt),
      excludedUserIds: [...(await rootUserIds(db)), contest.createdBy],
      removedUsernames: removeStar ? contest.settings.starAccounts : [],
    });
    return success(
      rows.map((row): ScrollBoardSubmission => ({
        uid: row.userId,
        username: row.username,
        nickname: row.nickname,
        realname: row.realname,
        school: row.school,
        avatar: row.avatar,
        gender: row.gender,
        submitId: row.submissionId,
        status: hojStatusCodes[row.status as SubmissionStatus] ?? hojStatusCodes.SE,
        submitTime: scrollBoardTimeOf(row.submittedAt),
        displayId: row.displayId,
      })),
    );
  });
}
