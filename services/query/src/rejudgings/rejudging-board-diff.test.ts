import { describe, expect, it } from 'vitest';
import { contestStream, submissionStream, type AppliedResult, type RecordedEvent } from '@oj/events';
import {
  aContestCreated,
  aContestProblemAdded,
  aSubmissionCreated,
  aSubmissionJudged,
  someContestSettings,
} from '@oj/events/testing';
import { emptyReplay, replayAll } from '@oj/events/folds';
import { boardDiff, previewApplied } from './rejudging-board-diff';

const startMs = Date.parse('2026-01-10T10:00:00.000Z');
const at = (seconds: number) => new Date(startMs + seconds * 1000).toISOString();
const recorded = (events: readonly { stream: string; type: string; data: unknown }[]): RecordedEvent[] =>
  events.map((event, index) => ({
    ...event,
    id: `event-${index}`,
    metadata: {},
    revision: 0n,
    position: BigInt(1000 + index * 7),
    recordedAt: at(index),
  }));
const settings = { type: 'ACM' as const, starAccounts: [], removeStar: false, awardType: 0 as const, awards: [] };
const submitted = (submissionId: number, userId: string, seconds: number) => ({
  stream: submissionStream(submissionId),
  type: 'SubmissionCreated',
  data: aSubmissionCreated({
    submissionId,
    contestId: 1,
    contestProblemId: 1,
    userId,
    username: userId,
    submittedAt: at(seconds),
  }),
});
const judged = (submissionId: number, status: 'AC' | 'WA') => ({
  stream: submissionStream(submissionId),
  type: 'SubmissionJudged',
  data: aSubmissionJudged({ submissionId, status }),
});
const result = (submissionId: number, status: 'AC' | 'WA'): AppliedResult => ({
  submissionId,
  attempt: 0,
  status,
  score: null,
  oiRankScore: null,
  timeMs: 5,
  memoryKib: 1,
  errorMessage: null,
  judger: 'judge',
  judgedAt: at(500),
  testDataVersion: '2',
});

describe('boardDiff of a staged rejudge', () => {
  const history = recorded([
    {
      stream: contestStream(1),
      type: 'ContestCreated',
      data: aContestCreated({
        settings: someContestSettings({ startAt: at(0), endAt: at(3600), durationSeconds: 3600 }),
      }),
    },
    { stream: contestStream(1), type: 'ContestProblemAdded', data: aContestProblemAdded() },
    submitted(1, 'alice', 60),
    judged(1, 'WA'),
    submitted(2, 'bob', 120),
    judged(2, 'AC'),
  ]);
  const before = replayAll(emptyReplay(1), history);

  it('shows each place before and after, and who solved first, from the fold with the applied event', () => {
    const diff = boardDiff(before, previewApplied(before, [result(1, 'AC')]), [], settings);
    expect(diff.moves).toEqual([
      {
        uid: 'alice',
        username: 'alice',
        before: { rank: 2, ac: 0, score: 0, penalty: 0, award: null },
        after: { rank: 1, ac: 1, score: 0, penalty: 60, award: null },
      },
      {
        uid: 'bob',
        username: 'bob',
        before: { rank: 1, ac: 1, score: 0, penalty: 120, award: null },
        after: { rank: 2, ac: 1, score: 0, penalty: 120, award: null },
      },
    ]);
    expect(diff.firstBlood).toEqual([{ displayId: 'A', before: 'bob', after: 'alice' }]);
  });

  it('moves nothing when the staged verdicts are the ones the board has', () => {
    const diff = boardDiff(before, previewApplied(before, [result(1, 'WA'), result(2, 'AC')]), [], settings);
    expect(diff.moves.every((move) => JSON.stringify(move.before) === JSON.stringify(move.after))).toBe(true);
  });
});
