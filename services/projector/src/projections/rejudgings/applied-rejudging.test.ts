import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  inProgressStatuses,
  rejudgingStream,
  submissionStream,
  type AppliedResult,
  type RecordedEvent,
  type SubmissionVerdict,
} from '@oj/events';
import { aRejudgingId, aSubmissionJudged, aSubmissionRejudgeRequested } from '@oj/events/testing';
import { emptyReplay, replayAll, replayedRows, type ReplayedContest } from '@oj/events/folds';
import type { TestEvent } from '../../runner/testing/projection-testbed';
import { contestHistories } from '../contest-scoreboards/scoreboard-histories.fixture';

const contestId = 7;
const recorded = (events: readonly TestEvent[]): RecordedEvent[] =>
  events.map((event, index) => ({
    id: `event-${index}`,
    stream: event.stream,
    type: event.type,
    data: event.data,
    metadata: {},
    revision: 0n,
    position: BigInt(index + 1),
    recordedAt: new Date(Date.parse('2026-01-10T09:00:00.000Z') + index * 1000).toISOString(),
  })) as RecordedEvent[];

const rowsOf = (state: ReplayedContest) =>
  (['live', 'sealed'] as const).map((view) => [...replayedRows(state, view)].sort(([a], [b]) => a.localeCompare(b)));

const verdict = fc.constantFrom<SubmissionVerdict>('AC', 'WA', 'TLE', 'CE', 'PA');
const staged = fc.record({ status: verdict, timeMs: fc.nat(3000), score: fc.option(fc.nat(100), { nil: null }) });

/**
 * The algebra of applying (issue 13 item 4): one RejudgingApplied moves the board exactly as rejudging the same
 * submissions live, one by one, to the same verdicts would; and a result for an attempt that is no longer the
 * submission's (rejudged after staging) changes nothing.
 */
describe('an applied rejudging on the board fold', () => {
  it('equals the board folded with the new verdicts as live rejudges', () => {
    fc.assert(
      fc.property(contestHistories, fc.array(staged, { minLength: 1, maxLength: 40 }), (history, results) => {
        const events = recorded(history.events);
        const before = replayAll(emptyReplay(contestId), events);
        const finals = [...before.records.values()].filter((record) => !inProgressStatuses.includes(record.status));
        const applied: AppliedResult[] = finals.slice(0, results.length).map((record, index) => {
          const result = results[index] ?? { status: 'AC' as const, timeMs: 0, score: null };
          return {
            submissionId: record.submissionId,
            attempt: record.attempt,
            status: result.status,
            score: result.score,
            oiRankScore: null,
            timeMs: result.timeMs,
            memoryKib: 1,
            errorMessage: null,
            judger: 'judge-1',
            judgedAt: '2026-01-10T12:00:00.000Z',
            testDataVersion: '2',
          };
        });
        const appliedEvent: TestEvent = {
          stream: rejudgingStream(aRejudgingId),
          type: 'RejudgingApplied',
          data: {
            rejudgingId: aRejudgingId,
            contestIds: [contestId],
            results: applied,
            skipped: [],
            appliedBy: 'u-root',
            appliedAt: '2026-01-10T12:00:00.000Z',
          },
        };
        const liveRejudges: TestEvent[] = applied.flatMap((result) => [
          {
            stream: submissionStream(result.submissionId),
            type: 'SubmissionRejudgeRequested',
            data: aSubmissionRejudgeRequested({ submissionId: result.submissionId, attempt: result.attempt + 1 }),
          },
          {
            stream: submissionStream(result.submissionId),
            type: 'SubmissionJudged',
            data: aSubmissionJudged({
              submissionId: result.submissionId,
              attempt: result.attempt + 1,
              status: result.status,
              score: result.score,
              timeMs: result.timeMs,
            }),
          },
        ]);
        const viaApply = replayAll(emptyReplay(contestId), recorded([...history.events, appliedEvent]));
        const viaLive = replayAll(emptyReplay(contestId), recorded([...history.events, ...liveRejudges]));
        expect(rowsOf(viaApply)).toEqual(rowsOf(viaLive));
        // Applied once more (a duplicate RejudgingApplied at a later position), or after a live rejudge of every
        // submission, it moves nothing.
        const staleApply = replayAll(viaLive, recorded([...history.events, ...liveRejudges, appliedEvent]).slice(-1));
        expect(rowsOf(staleApply)).toEqual(rowsOf(viaLive));
      }),
      { numRuns: 150 },
    );
  });
});
