import { describe, expect, it } from 'vitest';
import type { SubmissionEvent } from '../../catalogue/submission';
import { aSubmissionCreated, aSubmissionJudged } from '../../testing';
import { movesRows, recordAfter, type ScoreboardRecord } from './scoreboard-records';

const created = (contestId: number | null): SubmissionEvent => ({
  type: 'SubmissionCreated',
  data: aSubmissionCreated({
    submissionId: 7,
    contestId,
    contestProblemId: contestId === null ? null : 3,
    submittedAt: '2026-01-10T10:00:00Z',
  }),
});

const judged = (attempt: number, status: 'AC' | 'WA', score: number): SubmissionEvent => ({
  type: 'SubmissionJudged',
  data: aSubmissionJudged({ submissionId: 7, attempt, status, score, timeMs: 12 }),
});

describe('recordAfter', () => {
  it('given no record, when a contest submission is created, then a pending record at that position', () => {
    const record = recordAfter(null, created(4), 10n);
    expect(record).toMatchObject({ submissionId: 7, contestId: 4, status: 'Pending', attempt: 0, lastPosition: 10n });
    expect(record?.submittedAt).toBe('2026-01-10T10:00:00.000Z');
    expect(record && movesRows(null, record)).toBe(false);
  });

  it('given a held record or a submission outside contests, when created, then nothing changes', () => {
    const record = recordAfter(null, created(4), 10n) as ScoreboardRecord;
    expect(recordAfter(record, created(4), 11n)).toBeNull();
    expect(recordAfter(null, created(null), 10n)).toBeNull();
  });

  it('given a pending record, when judged, then the verdict, score and time, and the rows move', () => {
    const pending = recordAfter(null, created(4), 10n) as ScoreboardRecord;
    const after = recordAfter(pending, judged(0, 'WA', 30), 11n);
    expect(after).toMatchObject({ status: 'WA', score: 30, useTimeMs: 12, lastPosition: 11n });
    expect(after && movesRows(pending, after)).toBe(true);
  });

  it('given a record, when an old or duplicate delivery arrives, then nothing changes', () => {
    const pending = recordAfter(null, created(4), 10n) as ScoreboardRecord;
    const judgedRecord = recordAfter(pending, judged(0, 'AC', 100), 11n) as ScoreboardRecord;
    expect(recordAfter(judgedRecord, judged(0, 'WA', 0), 11n)).toBeNull();
    expect(recordAfter(judgedRecord, judged(0, 'WA', 0), 9n)).toBeNull();
    expect(recordAfter(null, judged(0, 'AC', 100), 12n)).toBeNull();
  });
});
