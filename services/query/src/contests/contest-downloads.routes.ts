import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { ApiError, type Clock, type LocalizedText } from '@oj/platform';
import { planArchive, zipArchive } from './ac-submissions-archive';
import { isContestAdmin, isSealedFor } from './contest-access';
import { acSubmissionDownloadQuery, acSubmissionSplitType, rankDownloadQuery } from '@oj/contracts';
import { acceptedSubmissions, everyBoardCell, submissionCodes } from './contest-downloads.queries';
import { contestProblemLinks, findContest, readBoard, rootUserIds, type ContestRow } from './contests.queries';
import { rankSheet, writeRankWorkbook } from './rank-spreadsheet';
import { rankEntries } from './scoreboard-ranking';
import { viewerOf } from './contest-viewer';

const messages = {
  contestMissing: { 'zh-CN': '错误：该比赛不存在！', 'en-US': 'Error: this contest does not exist!' },
  acNotAdmin: {
    'zh-CN': '错误：您并非该比赛的管理员，无权下载AC记录！',
    'en-US': 'Error: you are not an admin of this contest and cannot download its accepted submissions!',
  },
  rankNotAdmin: {
    'zh-CN': '错误：您并非该比赛的管理员，无权下载榜单！',
    'en-US': 'Error: you are not an admin of this contest and cannot download its rank!',
  },
  badSplitType: {
    'zh-CN': '错误：splitType只能是user或problem！',
    'en-US': 'Error: splitType must be user or problem!',
  },
} as const satisfies Record<string, LocalizedText>;

/** HOJ writes file names on its server's clock, GMT+8 (China has no daylight saving time). */
const fileTimeOffsetMinutes = 8 * 60;

/** File calls answer a file, so a refusal is an envelope with HTTP 400 (§1.2.5), whatever its body status. */
const refuse = (status: 400 | 403, text: LocalizedText): never => {
  throw new ApiError(status, text, {}, { httpStatus: 400 });
};

export interface ContestDownloadsDependencies {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
}

const attachment = (name: string) => `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * A file body written while it is sent. The headers leave first, so a failure after this point can only cut the
 * download short; it is logged with the request's correlation id.
 */
function streamed(request: FastifyRequest, what: string, write: (body: PassThrough) => Promise<void>): PassThrough {
  const body = new PassThrough();
  write(body).catch((error: unknown) => {
    // A body already destroyed means the client went away: nothing failed on this side.
    if (body.destroyed) request.log.info({ correlationId: request.id }, `${what} cancelled by the client`);
    else request.log.error({ err: error, correlationId: request.id }, `${what} failed`);
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return body;
}

/** The contest admins' downloads (§1.2.6 accepted submissions as a zip, §1.2.7 the rank as a spreadsheet). */
export function contestDownloadsRoutes(app: FastifyInstance, { db, clock }: ContestDownloadsDependencies): void {
  const administered = async (request: FastifyRequest, contestId: number, notAdmin: LocalizedText) => {
    const contest = await findContest(db, contestId);
    if (!contest) return refuse(400, messages.contestMissing);
    const viewer = viewerOf(request.principal);
    if (!viewer || !isContestAdmin(contest, viewer)) return refuse(403, notAdmin);
    return { contest, viewer };
  };

  const excludedUsers = async (contest: ContestRow) => [...(await rootUserIds(db)), contest.createdBy];

  app.get('/file/download-contest-ac-submission', { config: { access: 'login' } }, async (request, reply) => {
    const query = acSubmissionDownloadQuery.parse(request.query);
    const { contest } = await administered(request, query.cid, messages.acNotAdmin);
    // HOJ answers an unknown split with an empty zip; a clear refusal tells the caller what went wrong.
    const splitType = acSubmissionSplitType.safeParse(query.splitType);
    if (!splitType.success) return refuse(400, messages.badSplitType);
    const candidates = await acceptedSubmissions(db, contest, query.excludeAdmin ? await excludedUsers(contest) : []);
    const displayIds = (await contestProblemLinks(db, contest.contestId)).map((link) => link.displayId);
    const plan = planArchive(candidates, {
      type: contest.type,
      splitType: splitType.data,
      displayIds,
      utcOffsetMinutes: fileTimeOffsetMinutes,
    });
    const now = clock.now();
    const writeZip = async (body: PassThrough) => {
      await zipArchive(plan, {
        readCode: (ids) => submissionCodes(db, ids),
        zippedAt: now,
        onChunk: (chunk) => body.write(chunk),
        isCancelled: () => body.destroyed,
      });
      if (!body.destroyed) body.end();
    };
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', attachment(`contest_${contest.contestId}_${now.getTime()}.zip`))
      .send(streamed(request, 'accepted-submissions zip', writeZip));
  });

  app.get('/file/download-contest-rank', { config: { access: 'login' } }, async (request, reply) => {
    const query = rankDownloadQuery.parse(request.query);
    const { contest, viewer } = await administered(request, query.cid, messages.rankNotAdmin);
    const sealed = isSealedFor(contest, viewer, query.forceRefresh, clock.now());
    // §1.2.7: containEnd as sent (not gated by allowEndSubmit); a sealed board never shows after-contest records.
    const choice = { sealed, containsEnd: query.containEnd && !sealed };
    const excluded = await excludedUsers(contest);
    const { starAccounts, awardType, awards, rankShowName } = contest.settings;
    const ranked = rankEntries(await readBoard(db, contest, choice, excluded), {
      type: contest.type,
      starAccounts,
      removeStar: query.removeStar,
      awardType,
      awards,
    });
    const cells = await everyBoardCell(
      db,
      contest,
      choice,
      ranked.map((row) => row.uid),
      excluded,
    );
    const displayIds = (await contestProblemLinks(db, contest.contestId)).map((link) => link.displayId);
    const sheet = rankSheet(
      ranked.map((row) => ({ ...row, ...cells.get(row.uid) })),
      { type: contest.type, displayIds, rankShowName },
    );
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', attachment(`contest_${contest.contestId}_rank.xlsx`))
      .send(streamed(request, 'rank spreadsheet', (body) => writeRankWorkbook(sheet, body)));
  });
}
