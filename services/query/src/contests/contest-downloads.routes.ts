import type { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { ApiError, nonJsonReply, type Clock, type LocalizedText, type ZodRequests } from '@oj/platform';
import { planArchive, zipArchive } from './ac-submissions-archive';
import { acSubmissionDownloadQuery, printIdQuery } from '@oj/contracts';
import { acceptedSubmissions, submissionCodes } from './contest-downloads.queries';
import { contestProblemLinks, findContest, rootUserIds, type ContestRow } from './contests.queries';
import { findPrint } from './contest-admin-tools.queries';
import { isContestAdmin } from './contest-access';
import { viewerOf } from './contest-viewer';
import { administeredContest } from './administered-contest';
import { attachment, streamed } from '../downloads/streamed-file';

const messages = {
  acNotAdmin: {
    'zh-CN': '错误：您并非该比赛的管理员，无权下载AC记录！',
    'en-US': 'Error: you are not an admin of this contest and cannot download its accepted submissions!',
  },
  printNotAdmin: {
    'zh-CN': '错误：您并非该比赛的管理员，无权下载打印代码！',
    'en-US': 'Error: you are not an admin of this contest and cannot download its prints!',
  },
  badSplitType: {
    'zh-CN': '错误：splitType只能是user或problem！',
    'en-US': 'Error: splitType must be user or problem!',
  },
} as const satisfies Record<string, LocalizedText>;

/**
 * Messages the download contracts name by key, for the query service's error handler: an unknown splitType
 * (HOJ answers it with an empty zip; a clear refusal tells the caller what went wrong).
 */
export const contestDownloadValidationMessages: Readonly<Record<string, LocalizedText>> = {
  'contests.badSplitType': messages.badSplitType,
};

/** HOJ writes file names on its server's clock, GMT+8 (China has no daylight saving time). */
const fileTimeOffsetMinutes = 8 * 60;

export interface ContestDownloadsDependencies {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
}

/**
 * The contest admins' files: a print request's text (§1.2.5) and the accepted submissions as a zip (§1.2.6); the
 * rank spreadsheet (§1.2.7) is scoreboards/rank-download.routes.ts.
 */
export function contestDownloadsRoutes(server: FastifyInstance, { db, clock }: ContestDownloadsDependencies): void {
  const app = server.withTypeProvider<ZodRequests>();
  const administered = (request: FastifyRequest, contestId: number, notAdmin: LocalizedText) =>
    administeredContest(db, request, contestId, notAdmin);

  const excludedUsers = async (contest: ContestRow) => [...(await rootUserIds(db)), contest.createdBy];

  const login = { config: { access: 'login' as const } };

  const printText = nonJsonReply(login, 'file', { query: printIdQuery });
  app.get('/file/download-contest-print-text', printText, async (request, reply) => {
    const { id } = request.query;
    const print = await findPrint(db, id);
    const contest = print ? await findContest(db, print.contest_id) : null;
    if (!print || !contest || !isContestAdmin(contest, viewerOf(request.principal))) {
      throw new ApiError(400, messages.printNotAdmin, {}, { httpStatus: 400 });
    }
    return reply
      .header('Content-Type', 'text/plain; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${encodeURIComponent(print.username)}_Contest_Print.txt"`)
      .send(print.content);
  });

  const zip = nonJsonReply(login, 'stream', { query: acSubmissionDownloadQuery });
  app.get('/file/download-contest-ac-submission', zip, async (request, reply) => {
    const { query } = request;
    const { contest } = await administered(request, query.cid, messages.acNotAdmin);
    const candidates = await acceptedSubmissions(db, contest, query.excludeAdmin ? await excludedUsers(contest) : []);
    const displayIds = (await contestProblemLinks(db, contest.contestId)).map((link) => link.displayId);
    const plan = planArchive(candidates, {
      type: contest.type,
      splitType: query.splitType,
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
}
