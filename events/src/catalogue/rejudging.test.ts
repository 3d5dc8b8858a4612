import { describe, expect, it } from 'vitest';
import { aSubmissionJudged } from '../testing/submission-builders';
import { appliedResultAfter, submissionChangesOf } from './rejudging';

describe('appliedResultAfter: the one rule every projection applies a staged result with', () => {
  const result = { attempt: 2, status: 'AC' as const, stagedFrom: 'WA' as const };

  it('replaces the verdict of the attempt it was staged from', () => {
    expect(appliedResultAfter({ attempt: 2, status: 'WA' }, result)).toEqual({ attempt: 2, status: 'AC' });
  });
  it('leaves a newer attempt (a live rejudge after staging) alone', () => {
    expect(appliedResultAfter({ attempt: 3, status: 'WA' }, result)).toBeNull();
  });
  it('leaves a manual verdict given on the same attempt after staging alone: the person decided later', () => {
    expect(appliedResultAfter({ attempt: 2, status: 'CA' }, result)).toBeNull();
    expect(appliedResultAfter({ attempt: 2, status: 'PE' }, result)).toBeNull();
  });
  it('leaves a submission still judging alone', () => {
    expect(appliedResultAfter({ attempt: 2, status: 'Judging' }, result)).toBeNull();
  });
  it('applies on the attempt alone for results recorded before stagedFrom existed', () => {
    expect(appliedResultAfter({ attempt: 2, status: 'PE' }, { attempt: 2, status: 'AC' })).toEqual({
      attempt: 2,
      status: 'AC',
    });
  });
});

describe('submissionChangesOf: what submission projections fold, parsed once per recorded event', () => {
  const judged = aSubmissionJudged({ submissionId: 7 });

  it('hands every projection the same parse of one event, and parses an equal event of its own', () => {
    // Given one recorded verdict, and another object with the same content
    const event = { type: 'SubmissionJudged', data: judged };
    const twin = { type: 'SubmissionJudged', data: { ...judged } };
    // When it is read twice, and its twin once
    const first = submissionChangesOf(event);
    // Then the second read is the first parse, and the twin's is equal but its own
    expect(submissionChangesOf(event)).toBe(first);
    expect(first).toEqual([{ type: 'SubmissionJudged', data: judged }]);
    expect(submissionChangesOf(twin)).toEqual(first);
    expect(submissionChangesOf(twin)).not.toBe(first);
  });

  it('still refuses a malformed event on every read, and gives none for an event of another stream', () => {
    const malformed = { type: 'SubmissionJudged', data: { ...judged, status: 'nonsense' } };
    expect(() => submissionChangesOf(malformed)).toThrow();
    expect(() => submissionChangesOf(malformed)).toThrow();
    expect(submissionChangesOf({ type: 'ContestCreated', data: {} })).toEqual([]);
  });
});
