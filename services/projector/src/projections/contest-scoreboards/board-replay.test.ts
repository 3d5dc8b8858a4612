import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contestStream, type RecordedEvent } from '@oj/events';
import { someContestSettings } from '@oj/events/testing';
import type { TestEvent } from '../../runner/testing';
import {
  boardTimeline,
  byBoardOrder,
  emptyReplay,
  extendTimeline,
  positionAt,
  replayAll,
  replayAt,
  replayCheckpoints,
  replayedRows,
  replayedUsernames,
  timelineRowsAt,
  timelineUsernamesAt,
  type BoardView,
  type ReplayedContest,
} from '@oj/events/folds';
import { contestHistories } from './scoreboard-histories.fixture';
import { referenceAcmBoard, referenceOiBoard, type ReferenceAcmCell } from './reference-scoreboard.fixture';

const firstAt = Date.parse('2026-01-10T09:00:00.000Z');

/** The test events as the store would record them: positions 10, 20, … one second apart. */
const recorded = (events: readonly TestEvent[]): RecordedEvent[] =>
  events.map((event, index) => ({
    id: `event-${index}`,
    stream: event.stream,
    type: event.type,
    data: event.data,
    metadata: event.metadata ?? {},
    revision: 0n,
    position: BigInt((index + 1) * 10),
    recordedAt: new Date(firstAt + index * 1000).toISOString(),
  })) as RecordedEvent[];

const withoutFirstBlood = (cells: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(cells).map(([displayId, cell]) => {
      if (cell === null || typeof cell !== 'object') return [displayId, cell];
      const { isFirstAC: _first, ...rest } = cell as ReferenceAcmCell;
      return [displayId, rest];
    }),
  );

const rowsOf = (state: ReplayedContest, view: 'live' | 'sealed') =>
  [...replayedRows(state, view)]
    .map(([userId, row]) => ({
      userId,
      ac: row.ac,
      totalScore: row.totalScore,
      totalTime: row.totalTime,
      total: row.total,
      cells: withoutFirstBlood(row.submissionInfo),
    }))
    .sort((a, b) => a.userId.localeCompare(b.userId));

/** Contest facts that move mid-history: a seal and a score rule, a problem removed, the contest deleted. */
const factChange = fc.constantFrom(
  {
    type: 'ContestSettingsChanged',
    data: {
      contestId: 7,
      settings: someContestSettings({
        startAt: '2026-01-10T10:00:00.000Z',
        endAt: '2026-01-10T10:01:40.000Z',
        durationSeconds: 100,
        sealRank: true,
        sealRankAt: '2026-01-10T10:00:50.000Z',
        oiRankScoreType: 'Highest',
        allowEndSubmit: true,
      }),
      changedBy: 'root',
      changedAt: '2026-01-10T10:00:00.000Z',
    },
  },
  { type: 'ContestProblemRemoved', data: { contestId: 7, contestProblemId: 2, removedAt: '2026-01-10T10:00:00.000Z' } },
  { type: 'ContestDeleted', data: { contestId: 7, deletedBy: 'root', deletedAt: '2026-01-10T10:00:00.000Z' } },
  {
    type: 'ContestVisibilityChanged',
    data: { contestId: 7, visible: false, changedBy: 'root', changedAt: '2026-01-10T10:00:00.000Z' },
  },
);

/** A contest history with at most two contest facts changed at random places after its creation. */
const historiesWithFactChanges = fc
  .tuple(contestHistories, fc.array(fc.tuple(fc.nat(), factChange), { maxLength: 2 }))
  .map(([history, changes]) => {
    const events = [...history.events];
    for (const [at, change] of changes) {
      events.splice(1 + (at % events.length), 0, { stream: contestStream(7), ...change });
    }
    return recorded(events);
  });

const views: readonly BoardView[] = ['live', 'liveWithEnd', 'sealed'];

describe('board replay', () => {
  it('folds a whole contest history into the reference board, live and sealed', () => {
    fc.assert(
      fc.property(contestHistories, fc.boolean(), (history, sealed) => {
        const state = replayAll(emptyReplay(7), recorded(history.events));
        const flags = { sealed, containsEnd: false };
        const expected =
          sealed && history.contest.sealStart === null
            ? []
            : history.contest.type === 'ACM'
              ? referenceAcmBoard(history.contest, history.records, flags)
              : referenceOiBoard(history.contest, history.records, flags);
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
        expect(rowsOf(state, sealed ? 'sealed' : 'live')).toEqual(theirs);
      }),
      { numRuns: 200 },
    );
  });

  it('scrubs from checkpoints to the same state as a fold from the first event, at any position', () => {
    fc.assert(
      fc.property(contestHistories, fc.integer({ min: 1, max: 5 }), (history, every) => {
        const events = recorded(history.events);
        const checkpoints = replayCheckpoints(7, events, every);
        for (let count = 0; count <= events.length; count++) {
          const position = BigInt(count * 10 + (count % 2) * 3); // between two events too
          const fromZero = replayAll(
            emptyReplay(7),
            events.filter((event) => event.position <= position),
          );
          const scrubbed = replayAt(checkpoints, position);
          expect(scrubbed.records).toEqual(fromZero.records);
          expect(scrubbed.contest).toEqual(fromZero.contest);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('gives every view at any position, asked in any order, the rows of a fold from the first event', () => {
    fc.assert(
      fc.property(
        historiesWithFactChanges,
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...views)), { minLength: 1, maxLength: 25 }),
        (events, keptSnapshots, asks) => {
          // Built in two parts: a timeline extended in place equals one built at once.
          const timeline = boardTimeline(7, events.slice(0, events.length >> 1), keptSnapshots);
          extendTimeline(timeline, events);
          for (const [at, view] of asks) {
            const position = BigInt(at % (events.length * 10 + 20));
            const fromZero = replayAll(
              emptyReplay(7),
              events.filter((event) => event.position <= position),
            );
            const board = timelineRowsAt(timeline, position, view);
            expect(board.position).toBe(fromZero.position);
            expect(board.rows).toEqual(replayedRows(fromZero, view));
            expect(timelineUsernamesAt(timeline, board.rows.keys(), position)).toEqual(
              new Map([...replayedUsernames(fromZero)].filter(([userId]) => board.rows.has(userId))),
            );
          }
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it('ignores events of other contests and deliveries at or before its position', () => {
    fc.assert(
      fc.property(contestHistories, (history) => {
        const events = recorded(history.events);
        const mine = replayAll(emptyReplay(7), events);
        expect(replayAll(emptyReplay(8), events).records.size).toBe(0);
        expect(replayAll(mine, events)).toBe(mine);
      }),
      { numRuns: 50 },
    );
  });

  it('finds the position of an instant from the recorded times', () => {
    const events = recorded(
      Array.from({ length: 3 }, () => ({ stream: 'contest-7', type: 'ContestDeleted', data: {} })),
    );
    expect(positionAt(events, new Date(firstAt - 1))).toBe(0n);
    expect(positionAt(events, new Date(firstAt))).toBe(10n);
    expect(positionAt(events, new Date(firstAt + 1500))).toBe(20n);
    expect(positionAt(events, new Date(firstAt + 60_000))).toBe(30n);
  });

  it('orders a replayed board as the query does: more solved or points first, then less time, then the first record', () => {
    fc.assert(
      fc.property(contestHistories, (history) => {
        const state = replayAll(emptyReplay(7), recorded(history.events));
        const ordered = [...replayedRows(state, 'live').values()].sort(byBoardOrder);
        for (const [index, row] of ordered.entries()) {
          const next = ordered[index + 1];
          if (!next) continue;
          expect(row.ac + row.totalScore).toBeGreaterThanOrEqual(next.ac + next.totalScore);
          if (row.ac + row.totalScore === next.ac + next.totalScore) {
            expect(row.totalTime).toBeLessThanOrEqual(next.totalTime);
          }
        }
        for (const [userId] of replayedRows(state, 'live')) expect(replayedUsernames(state).get(userId)).toBe(userId);
      }),
      { numRuns: 100 },
    );
  });
});
