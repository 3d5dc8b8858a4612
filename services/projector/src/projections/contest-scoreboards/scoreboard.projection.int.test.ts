import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contestStream, type RecordedEvent } from '@oj/events';
import { emptyReplay, replayAll, replayedRows, type BoardView } from '@oj/events/folds';
import { aContestProblemAdded, someContestSettings } from '@oj/events/testing';
import type { Database } from '@oj/read-models';
import {
  createProjectionTestbed,
  expectBatchEqualsOneByOne,
  expectDuplicateDeliveryChangesNothing,
  expectFoldEqualsProjectionAtEveryEvent,
  expectIncrementalEqualsRebuild,
  type ProjectionTestbed,
} from '../../runner/testing';
import { contestHistories, withPracticeAndJudgeProgress } from './scoreboard-histories.fixture';
import type { TestEvent } from '../../runner/testing';
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

/** The rows as the history replay compares them: every column the fold decides, in one JS order. */
const byViewAndUser = (rows: { view: string; user_id: string }[]) =>
  rows.sort((a, b) => (a.view + ' ' + a.user_id < b.view + ' ' + b.user_id ? -1 : 1));

const rowsSnapshotOf = (prefix: string) => async (db: Kysely<Database>) =>
  byViewAndUser(
    (
      await sql<{ view: string; user_id: string }>`SELECT view, user_id, ac, total_score,
        total_time::int AS total_time, total, first_time::int AS first_time,
        first_submission_id::int AS first_submission_id, submission_info, time_info
        FROM ${sql.table(`${prefix}_rows`)}`.execute(db)
    ).rows,
  );

/** The same rows from the contest's events up to a position (the histories' contest is 7). */
const replayedSnapshot = (type: 'ACM' | 'OI', views: readonly BoardView[]) => (events: readonly RecordedEvent[]) => {
  const state = replayAll(emptyReplay(7), events);
  if (state.contest?.type !== type) return [];
  return byViewAndUser(
    views.flatMap((view) =>
      [...replayedRows(state, view)].map(([userId, row]) => ({
        view,
        user_id: userId,
        ac: row.ac,
        total_score: row.totalScore,
        total_time: row.totalTime,
        total: row.total,
        first_time: row.firstTime,
        first_submission_id: row.firstSubmissionId,
        submission_info: row.submissionInfo,
        time_info: row.timeInfo,
      })),
    ),
  );
};

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

/** Contest changes a batch must not fold across: settings, a problem removed and added back, a delete. */
const contestChange = fc.constantFrom<(contestId: number) => TestEvent>(
  (contestId) => ({
    stream: contestStream(contestId),
    type: 'ContestSettingsChanged',
    data: {
      contestId,
      changedBy: 'root',
      changedAt: '2026-01-10T09:00:00.000Z',
      settings: someContestSettings({
        startAt: '2026-01-10T10:00:00.000Z',
        endAt: '2026-01-10T10:01:00.000Z',
        durationSeconds: 60,
        sealRank: true,
        sealRankAt: '2026-01-10T10:00:30.000Z',
        oiRankScoreType: 'Highest',
      }),
    },
  }),
  (contestId) => ({
    stream: contestStream(contestId),
    type: 'ContestProblemRemoved',
    data: { contestId, contestProblemId: 2, removedAt: '2026-01-10T09:00:00.000Z' },
  }),
  (contestId) => ({
    stream: contestStream(contestId),
    type: 'ContestProblemAdded',
    data: aContestProblemAdded({ contestId, contestProblemId: 2, problemId: 2, displayId: 'Z' }),
  }),
  (contestId) => ({
    stream: contestStream(contestId),
    type: 'ContestDeleted',
    data: { contestId, deletedBy: 'root', deletedAt: '2026-01-10T09:00:00.000Z' },
  }),
);

/**
 * Histories of a contest of the board's type (another type's contest leaves every board of this one empty, and an
 * empty board equals anything) with contest changes at random places after the contest's own opening events.
 */
const historiesWithContestChanges = (type: 'ACM' | 'OI') =>
  fc
    .tuple(
      contestHistories.filter((history) => history.contest.type === type),
      fc.array(fc.tuple(fc.nat(), contestChange), { maxLength: 3 }),
    )
    .map(([history, changes]) => {
      const events = [...history.events];
      const contestId = (events[0]?.data as { contestId: number }).contestId;
      for (const [at, change] of changes) events.splice(4 + (at % (events.length - 3)), 0, change(contestId));
      return events;
    });

/** A board's history mixed with practice submissions and the judge's progress, and a reader's batch size. */
const mixedHistoryInBatches = (type: 'ACM' | 'OI') =>
  [withPracticeAndJudgeProgress(historiesWithContestChanges(type)), fc.integer({ min: 1, max: 4 })] as const;

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
      await expectIncrementalEqualsRebuild(testbed, projection, historiesWithContestChanges(type), snapshotOf(prefix), {
        numRuns: 8,
      });
    });

    it(`${projection.name}: skipping practice submissions and the judge's progress, builds the rows a rebuild gives`, async () => {
      // The runner's skip (change filter), restarted at random, against a rebuild, which applies every event.
      const histories = withPracticeAndJudgeProgress(historiesWithContestChanges(type));
      await expectIncrementalEqualsRebuild(testbed, projection, histories, snapshotOf(prefix), { numRuns: 10 });
    });

    it(`${projection.name}: restarted once its contest opened, applies that contest's submissions as a rebuild does`, async () => {
      // The new runner's filter never saw the contest created: unknown, so its submissions must be applied.
      await fc.assert(
        fc.asyncProperty(...mixedHistoryInBatches(type), async (history, batchSize) => {
          await testbed.reset(projection);
          await testbed.append(history.slice(0, 4));
          await testbed.runToHead(projection, { batchSize });
          await testbed.append(history.slice(4));
          await testbed.runToHead(projection, { batchSize, restart: true });
          const incremental = await snapshotOf(prefix)(testbed.db);
          await testbed.rebuild(projection);
          expect(await snapshotOf(prefix)(testbed.db)).toEqual(incremental);
        }),
        { numRuns: 5 },
      );
    });

    it(`${projection.name}: holds the rows of a board that applies every submission event, the judge's progress too`, async () => {
      const { name, tables, apply } = projection;
      const eventTypes = [...projection.eventTypes, 'JudgeStarted', 'CaseJudged'];
      const everyEvent: Projection = { name, tables, apply, eventTypes };
      await fc.assert(
        fc.asyncProperty(...mixedHistoryInBatches(type), async (history, batchSize) => {
          await testbed.reset(projection);
          await testbed.append(history);
          await testbed.runToHead(projection, { batchSize });
          const skipping = await snapshotOf(prefix)(testbed.db);
          await testbed.reset(everyEvent);
          await testbed.append(history);
          await testbed.runToHead(everyEvent, { batchSize });
          expect(skipping).toEqual(await snapshotOf(prefix)(testbed.db));
        }),
        { numRuns: 8 },
      );
    });

    it(`${projection.name}: the history replay gives the rows the projection held after each event`, async () => {
      const views: readonly BoardView[] = view === 'sealed' ? ['sealed'] : ['live', 'liveWithEnd'];
      await expectFoldEqualsProjectionAtEveryEvent(
        testbed,
        projection,
        historiesWithContestChanges(type),
        rowsSnapshotOf(prefix),
        replayedSnapshot(type, views),
        { numRuns: 8 },
      );
    });

    it(`${projection.name}: folds a batch of any size (delivered twice) into the rows of the one-by-one path`, async () => {
      await expectBatchEqualsOneByOne(testbed, projection, historiesWithContestChanges(type), snapshotOf(prefix), {
        numRuns: 12,
      });
    });

    it(`${projection.name}: after rejudges, holds the board computed as if the final verdicts had been there from the start`, async () => {
      await fc.assert(
        fc.asyncProperty(
          // Practice submissions and the judge's progress among them, which the board skips.
          contestHistories
            .filter((h) => h.contest.type === type)
            .chain((contest) =>
              withPracticeAndJudgeProgress(fc.constant(contest.events), { mixedResults: false }).map((events) => ({
                ...contest,
                events,
              })),
            ),
          fc.oneof(fc.constant(1), fc.constant(5)),
          async (history, batchSize) => {
            await testbed.reset(projection);
            await testbed.append(history.events);
            await testbed.runToHead(projection, { batchSize });
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
