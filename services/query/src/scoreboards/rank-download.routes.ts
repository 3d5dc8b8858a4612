import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { nonJsonReply, type Clock, type ZodRequests } from '@oj/platform';
import { rankDownloadQuery } from '@oj/contracts';
import { administeredContest } from '../contests/administered-contest';
import { isSealedFor } from '../contests/contest-access';
import { contestProblemLinks, rootUserIds } from '../contests/contests.queries';
import { attachment, streamed } from '../downloads/streamed-file';
import { everyBoardCell } from './board-cells.queries';
import { readBoard } from './board.queries';
import { rankSheet, writeRankWorkbook } from './rank-spreadsheet';
import { rankEntries } from './scoreboard-ranking';

const rankNotAdmin = {
  'zh-CN': '错误：您并非该比赛的管理员，无权下载榜单！',
  'en-US': 'Error: you are not an admin of this contest and cannot download its rank!',
} as const;

export interface RankDownloadDependencies {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
}

/** The contest admins' rank as a spreadsheet (§1.2.7). */
export function rankDownloadRoutes(server: FastifyInstance, { db, clock }: RankDownloadDependencies): void {
  const app = server.withTypeProvider<ZodRequests>();
  const spreadsheet = nonJsonReply({ config: { access: 'login' as const } }, 'stream', { query: rankDownloadQuery });
  app.get('/file/download-contest-rank', spreadsheet, async (request, reply) => {
    const { query } = request;
    const { contest, viewer } = await administeredContest(db, request, query.cid, rankNotAdmin);
    const sealed = isSealedFor(contest, viewer, query.forceRefresh, clock.now());
    // §1.2.7: containEnd as sent (not gated by allowEndSubmit); a sealed board never shows after-contest records.
    const choice = { sealed, containsEnd: query.containEnd && !sealed };
    const excluded = [...(await rootUserIds(db)), contest.createdBy];
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
