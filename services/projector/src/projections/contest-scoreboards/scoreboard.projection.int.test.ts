import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '@oj/read-models';
import {
  createProjectionTestbed,
  expectDuplicateDeliveryChangesNothing,
  expectIncrementalEqualsRebuild,
  type ProjectionTestbed,
} from '../../runner/testing';
import { contestHistories } from './scoreboard-histories.fixture';
import { referenceAcmBoard, referenceOiBoard, type ReferenceAcmCell } from './reference-scoreboard.fixture';
import type { Projection } from '../../runner/projection';
import {
  acmScoreboardProjection,
  oiScoreboardProjection,
  sealedAcmScoreboardProjection,
  sealedOiScoreboardProjection,
} from './scoreboards';

const snapshotOf = (prefix: string) => async (db: Kysely<Database>) => ({
  rows: (
    await sql`SELECT contest_id, view, user_id, ac, total_score, total_time::int AS total_time, total, first_time,
        first_submission_id, submission_info, time_info FROM ${sql.table(`${prefix}_rows`)}
      ORDER BY contest_id, view, user_id`.execute(db)
  ).rows,
  solved: (
    await sql`SELECT * FROM ${sql.table(`${prefix}_solved`)} ORDER BY contest_id, view, user_id, display_id`.execute(db)
  ).rows,
});

const boards: readonly [Projection, string, 'ACM' | 'OI', 'live' | 'sealed'][] = [
  [acmScoreboardProjection, 'acm_scoreboard', 'ACM', 'live'],
  [sealedAcmScoreboardProjection, 'sealed_acm_scoreboard', 'ACM', 'sealed'],
  [oiScoreboardProjection, 'oi_scoreboard', 'OI', 'live'],
  [sealedOiScoreboardProjection, 'sealed_oi_scoreboard', 'OI', 'sealed'],
];

const withoutFirstBlood = (cells: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(cells).map(([displayId, cell]) => {
      if (cell === null || typeof cell !== 'object') return [displayId, cell];
      const { isFirstAC: _first, ...rest } = cell as ReferenceAcmCell;
      return [displayId, rest];
    }),
  );

describe('scoreboard projections', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  for (const [projection, prefix, type, view] of boards) {
    it(`${projection.name}: ignores a duplicate delivery of any event`, async () => {
      const [history] = fc.sample(
        contestHistories.filter((h) => h.contest.type === type && h.records.length > 6),
        {
          numRuns: 1,
          seed: 42,
        },
      );
      if (!history) throw new Error('no sample');
      await expectDuplicateDeliveryChangesNothing(testbed, projection, history.events, snapshotOf(prefix));
    });

    it(`${projection.name}: builds incrementally the rows a rebuild from zero gives`, async () => {
      await expectIncrementalEqualsRebuild(
        testbed,
        projection,
        contestHistories.map((history) => history.events),
        snapshotOf(prefix),
        { numRuns: 8 },
      );
    });

    it(`${projection.name}: after rejudges, holds the board computed as if the final verdicts had been there from the start`, async () => {
      await fc.assert(
        fc.asyncProperty(
          contestHistories.filter((h) => h.contest.type === type),
          async (history) => {
            await testbed.reset(projection);
            await testbed.append(history.events);
            await testbed.runToHead(projection, { batchSize: 5 });
            const stored = (await snapshotOf(prefix)(testbed.db)).rows as {
              view: string;
              user_id: string;
              ac: number;
              total_score: number;
              total_time: number;
              total: number;
              submission_info: Record<string, unknown>;
            }[];
            const flags = { sealed: view === 'sealed', containsEnd: false };
            const expected =
              view === 'sealed' && history.contest.sealStart === null
                ? []
                : type === 'ACM'
                  ? referenceAcmBoard(history.contest, history.records, flags)
                  : referenceOiBoard(history.contest, history.records, flags);
            const ours = stored
              .filter((row) => row.view === view)
              .map((row) => ({
                userId: row.user_id,
                ac: row.ac,
                totalScore: row.total_score,
                totalTime: row.total_time,
                total: row.total,
                cells: withoutFirstBlood(row.submission_info),
              }));
            const theirs = expected
              .map((row) => ({
                userId: row.userId,
                ac: row.ac,
                totalScore: row.totalScore,
                totalTime: row.totalTime,
                total: row.total,
                cells: withoutFirstBlood(row.cells),
              }))
              .sort((a, b) => a.userId.localeCompare(b.userId));
            expect(ours).toEqual(theirs);
          },
        ),
        { numRuns: 8 },
      );
    });
  }
});
