import { describe, expect, it } from 'vitest';
import { rejudgingStream, submissionStream, type RecordedEvent } from '@oj/events';
import {
  aRejudgingId,
  aRejudgingSubmissionJudged,
  aSubmissionCreated,
  aSubmissionJudged,
  aSubmissionRejudgeRequested,
} from '@oj/events/testing';
import { unheldSubmissionsFilter } from './unheld-submissions';

let position = 0n;
const recorded = (stream: string, type: string, data: unknown): RecordedEvent => {
  position += 1n;
  return { id: `event-${position}`, stream, type, data, metadata: {}, revision: 0n, position, recordedAt: '' };
};
const created = (submissionId: number, contestId: number | null) =>
  recorded(submissionStream(submissionId), 'SubmissionCreated', {
    ...aSubmissionCreated({ submissionId, contestId, contestProblemId: contestId === null ? null : 1 }),
  });
const verdict = (submissionId: number) =>
  recorded(submissionStream(submissionId), 'SubmissionJudged', aSubmissionJudged({ submissionId }));
const applied = (...submissionIds: number[]) =>
  recorded(rejudgingStream(aRejudgingId), 'RejudgingApplied', {
    rejudgingId: aRejudgingId,
    contestIds: [],
    results: submissionIds.map((submissionId) => {
      const { rejudgingId: _id, ...staged } = aRejudgingSubmissionJudged({ submissionId });
      return { ...staged, attempt: 0, testDataVersion: '2' };
    }),
    skipped: [],
    appliedBy: 'root',
    appliedAt: '2026-01-02T00:00:00.000Z',
  });

/** The boards' rule: only a contest submission may have a record. */
const inContest = (data: { readonly contestId: number | null }) => data.contestId !== null;

describe('unheldSubmissionsFilter: a submission created where the projection never holds it changes nothing', () => {
  it('rules out a practice submission on a board from its creation to its rejudge', () => {
    // Given a board's filter that saw a practice submission created
    const filter = unheldSubmissionsFilter(inContest);
    expect(filter.mayChange(created(1, null))).toBe(false);
    // Then its verdict and rejudge change nothing there
    expect(filter.mayChange(verdict(1))).toBe(false);
    const rejudge = aSubmissionRejudgeRequested({ submissionId: 1 });
    expect(filter.mayChange(recorded(submissionStream(1), 'SubmissionRejudgeRequested', rejudge))).toBe(false);
  });

  it('applies a contest submission, and a submission it never saw created (a projector that started later)', () => {
    const filter = unheldSubmissionsFilter(inContest);
    expect(filter.mayChange(created(2, 7))).toBe(true);
    expect(filter.mayChange(verdict(2))).toBe(true);
    expect(filter.mayChange(verdict(3))).toBe(true);
  });

  it('rules out an applied rejudging only when every result is of a submission it never holds', () => {
    const filter = unheldSubmissionsFilter(inContest);
    filter.mayChange(created(1, null));
    filter.mayChange(created(2, 7));
    expect(filter.mayChange(applied(1))).toBe(false);
    expect(filter.mayChange(applied(1, 2))).toBe(true);
    expect(filter.mayChange(applied(1, 4))).toBe(true);
    expect(filter.mayChange(applied())).toBe(true);
  });

  it('applies events it cannot read the submissions of', () => {
    const filter = unheldSubmissionsFilter(inContest);
    expect(filter.mayChange(recorded('contest-7', 'ContestDeleted', { contestId: 7 }))).toBe(true);
  });

  it('forgets the oldest submission past its memory, which is then applied as unknown', () => {
    // Given a filter that remembers two submissions, and three practice submissions created
    const filter = unheldSubmissionsFilter(inContest, 2);
    for (const submissionId of [1, 2, 3]) filter.mayChange(created(submissionId, null));
    // Then the first is unknown again; the two latest are still ruled out
    expect(filter.mayChange(verdict(1))).toBe(true);
    expect(filter.mayChange(verdict(2))).toBe(false);
    expect(filter.mayChange(verdict(3))).toBe(false);
  });

  it('keeps two runners apart: what one learnt is not known to a new one', () => {
    const first = unheldSubmissionsFilter(inContest);
    first.mayChange(created(1, null));
    expect(unheldSubmissionsFilter(inContest).mayChange(verdict(1))).toBe(true);
  });
});
