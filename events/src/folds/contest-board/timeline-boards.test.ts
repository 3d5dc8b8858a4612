import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SubmissionVerdict } from '../../catalogue/submission';
import type { RecordedEvent } from '../../store/event-store';
import {
  aContestCreated,
  aContestProblemAdded,
  aSubmissionCreated,
  aSubmissionJudged,
  aSubmissionRejudgeRequested,
  someContestSettings,
} from '../../testing';
import { byBoardOrder, emptyReplay, replayAll, replayedRows } from './board-replay';
import { boardTimeline, timelineUsernamesAt, timelineUsersNamed } from './board-timeline';
import { timelineBoardAt, timelineRowsAt } from './timeline-boards';
import type { BoardView } from './scoreboard-rows';

const startMs = Date.parse('2026-01-10T10:00:00.000Z');
const at = (seconds: number) => new Date(startMs + seconds * 1000).toISOString();
const contestId = 7;

const settings = (sealed: boolean) =>
  someContestSettings({
    startAt: at(0),
    endAt: at(100),
    durationSeconds: 100,
    sealRank: sealed,
    sealRankAt: sealed ? at(60) : null,
    allowEndSubmit: true,
  });

/** Few users, problems and instants, so rows tie on solved and time and the last keys decide the order. */
const submission = fc.record({
  userId: fc.constantFrom('u1', 'u2', 'u3', 'u4', 'u5', 'u6'),
  problem: fc.integer({ min: 1, max: 3 }),
  time: fc.constantFrom(-5, 0, 10, 10, 30, 65, 99, 120),
  verdict: fc.option(fc.constantFrom<SubmissionVerdict>('AC', 'AC', 'WA', 'CE'), { freq: 6 }),
  rejudgeTo: fc.option(fc.constantFrom<SubmissionVerdict>('AC', 'WA')),
  score: fc.constantFrom(0, 50, 100),
});

/** A contest's events as the store records them: creation, problems, submissions, and perhaps a settings change. */
const histories = fc
  .record({
    type: fc.constantFrom<'ACM' | 'OI'>('ACM', 'OI'),
    submissions: fc.array(submission, { maxLength: 30 }),
    sealAt: fc.option(fc.nat()),
  })
  .map(({ type, submissions, sealAt }) => {
    const events: Pick<RecordedEvent, 'stream' | 'type' | 'data'>[] = [
      {
        stream: 'contest-7',
        type: 'ContestCreated',
        data: aContestCreated({ contestId, type, settings: settings(false) }),
      },
      ...[1, 2, 3].map((contestProblemId) => ({
        stream: 'contest-7',
        type: 'ContestProblemAdded',
        data: aContestProblemAdded({
          contestId,
          contestProblemId,
          displayId: String.fromCharCode(64 + contestProblemId),
        }),
      })),
    ];
    submissions.forEach((entry, index) => {
      const submissionId = index + 1;
      const stream = `submission-${submissionId}`;
      const judged = (attempt: number, status: SubmissionVerdict) => ({
        stream,
        type: 'SubmissionJudged',
        data: aSubmissionJudged({
          submissionId,
          attempt,
          status,
          score: type === 'OI' ? entry.score : null,
          timeMs: 10,
        }),
      });
      events.push({
        stream,
        type: 'SubmissionCreated',
        data: aSubmissionCreated({
          submissionId,
          userId: entry.userId,
          username: entry.userId,
          contestId,
          contestProblemId: entry.problem,
          problemId: entry.problem,
          submittedAt: at(entry.time),
        }),
      });
      if (entry.verdict) events.push(judged(0, entry.verdict));
      if (entry.verdict && entry.rejudgeTo) {
        events.push({
          stream,
          type: 'SubmissionRejudgeRequested',
          data: aSubmissionRejudgeRequested({ submissionId, attempt: 1 }),
        });
        events.push(judged(1, entry.rejudgeTo));
      }
    });
    if (sealAt !== null) {
      events.splice(4 + (sealAt % (events.length - 3)), 0, {
        stream: 'contest-7',
        type: 'ContestSettingsChanged',
        data: { contestId, settings: settings(true), changedBy: 'root', changedAt: at(0) },
      });
    }
    return events.map((event, index): RecordedEvent => ({
      ...event,
      id: `event-${index}`,
      metadata: {},
      revision: 0n,
      position: BigInt((index + 1) * 10),
      recordedAt: at(index),
    }));
  });

const views: readonly BoardView[] = ['live', 'liveWithEnd', 'sealed'];

/** The board of a fold from the first event, sorted as the query sorts it. */
const fromZero = (events: readonly RecordedEvent[], position: bigint, view: BoardView) =>
  [
    ...replayedRows(
      replayAll(
        emptyReplay(contestId),
        events.filter((event) => event.position <= position),
      ),
      view,
    ),
  ]
    .map(([userId, row]) => ({ userId, row }))
    .sort((a, b) => byBoardOrder(a.row, b.row));

describe('timeline boards', () => {
  it('moves its ordered board forwards and backwards to the board of a fold from the first event at that position', () => {
    fc.assert(
      fc.property(
        histories,
        fc.integer({ min: 1, max: 4 }),
        fc.nat(),
        fc.array(fc.tuple(fc.integer({ min: -12, max: 12 }), fc.constantFrom(...views)), {
          minLength: 1,
          maxLength: 20,
        }),
        (events, keptSnapshots, start, moves) => {
          const timeline = boardTimeline(contestId, events, keptSnapshots);
          const last = events.length * 10;
          let position = BigInt(start % (last + 1));
          for (const [move, view] of moves) {
            // Moves of a few events either way (a scrub), between two events too, clamped to the history.
            position = BigInt(Math.min(last + 5, Math.max(0, Number(position) + move * 10 + (move % 2) * 3)));
            const board = timelineBoardAt(timeline, position, view);
            expect(board.order).toEqual(fromZero(events, position, view));
            expect(timelineRowsAt(timeline, position, view).rows).toEqual(
              new Map(board.order.map(({ userId, row }) => [userId, row])),
            );
            // Star accounts are found by name: every user on the board is found under their name then.
            const names = timelineUsernamesAt(
              timeline,
              board.order.map(({ userId }) => userId),
              position,
            );
            for (const { userId } of board.order) {
              expect(timelineUsersNamed(timeline, [names.get(userId) ?? '']).has(userId)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it('keeps one board order whatever the order of the asks (a snapshot is never changed by a later move)', () => {
    fc.assert(
      fc.property(histories, fc.array(fc.nat(), { minLength: 2, maxLength: 10 }), (events, asks) => {
        const timeline = boardTimeline(contestId, events, 2);
        const last = events.length * 10;
        const seen = asks.map((ask) => {
          const position = BigInt(ask % (last + 1));
          return { position, order: timelineBoardAt(timeline, position, 'live').order };
        });
        for (const { position, order } of seen) expect(order).toEqual(fromZero(events, position, 'live'));
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
