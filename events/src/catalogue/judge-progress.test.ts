import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aCaseJudged,
  aJudgeStarted,
  aSubmissionCancelled,
  aSubmissionCreated,
  aSubmissionJudged,
  aSubmissionJudgingFailed,
  aSubmissionRejudgeRequested,
  aSubmissionShareChanged,
  aSubmissionVerdictSetManually,
} from '../testing/submission-builders';
import { aRejudgingSubmissionJudged } from '../testing/rejudging-builders';
import { judgeProgressEventTypes, statusAfterChange, type SubmissionChange } from './rejudging';
import { inProgressStatuses, submissionVerdictSchema, type SubmissionStatusCursor } from './submission';

const verdicts = submissionVerdictSchema.options;
const attempt = fc.integer({ min: 0, max: 2 });
const verdict = fc.constantFrom(...verdicts);

/** Any change of one submission, in any order: duplicates, stale attempts and judge events after root's too. */
const change: fc.Arbitrary<SubmissionChange> = fc.oneof(
  fc.constant({ type: 'SubmissionCreated', data: aSubmissionCreated() } as const),
  attempt.map((n) => ({ type: 'SubmissionRejudgeRequested', data: aSubmissionRejudgeRequested({ attempt: n + 1 }) })),
  attempt.map((n) => ({ type: 'JudgeStarted', data: aJudgeStarted({ attempt: n }) })),
  fc.tuple(attempt, verdict).map(([n, status]) => ({ type: 'CaseJudged', data: aCaseJudged({ attempt: n, status }) })),
  fc
    .tuple(attempt, verdict)
    .map(([n, status]) => ({ type: 'SubmissionJudged', data: aSubmissionJudged({ attempt: n, status }) })),
  attempt.map((n) => ({ type: 'SubmissionJudgingFailed', data: aSubmissionJudgingFailed({ attempt: n }) })),
  fc.tuple(attempt, verdict).map(([n, status]) => ({
    type: 'SubmissionVerdictSetManually',
    data: aSubmissionVerdictSetManually({ attempt: n, status }),
  })),
  attempt.map((n) => ({ type: 'SubmissionCancelled', data: aSubmissionCancelled({ attempt: n }) })),
  fc.constant({ type: 'SubmissionShareChanged', data: aSubmissionShareChanged() } as const),
  fc.tuple(attempt, verdict, fc.option(verdict, { nil: undefined })).map(([n, status, stagedFrom]) => {
    const { rejudgingId: _id, ...staged } = aRejudgingSubmissionJudged({ status });
    return {
      type: 'RejudgingResultApplied',
      data: { ...staged, attempt: n, testDataVersion: 'v2', ...(stagedFrom ? { stagedFrom } : {}) },
    } as const;
  }),
) as fc.Arbitrary<SubmissionChange>;

/** What a projection without the judge's progress can know of a cursor: its attempt, and its verdict once final. */
const outcomeOf = (cursor: SubmissionStatusCursor | null) =>
  cursor && { attempt: cursor.attempt, status: inProgressStatuses.includes(cursor.status) ? 'running' : cursor.status };

describe('judgeProgressEventTypes: a projection that keeps only "in progress" may leave them out', () => {
  it('steps every other change exactly as the cursor that saw them, on any history', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 30 }), (history) => {
        // Given one cursor folded over every change and one over all but the judge's progress
        let every: SubmissionStatusCursor | null = null;
        let outcomes: SubmissionStatusCursor | null = null;
        for (const [index, next] of history.entries()) {
          const afterEvery = statusAfterChange(every, next);
          every = afterEvery ?? every;
          if (judgeProgressEventTypes.includes(next.type)) {
            // Then a progress event never moves what the other cursor can know
            expect(outcomeOf(every), `${next.type} at ${index}`).toEqual(outcomeOf(outcomes));
            continue;
          }
          const afterOutcomes = statusAfterChange(outcomes, next);
          outcomes = afterOutcomes ?? outcomes;
          // And any other change moves both or neither, to the same attempt and verdict
          expect(afterOutcomes === null, `${next.type} at ${index} moves one cursor only`).toBe(afterEvery === null);
          expect(outcomeOf(outcomes), `${next.type} at ${index}`).toEqual(outcomeOf(every));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('names the two events that only move an attempt between in-progress statuses', () => {
    // Given a submission just created, When the judge starts it and judges a case, Then it is Compiling, then Judging
    const created = statusAfterChange(null, { type: 'SubmissionCreated', data: aSubmissionCreated() });
    const started = statusAfterChange(created, { type: 'JudgeStarted', data: aJudgeStarted() });
    const judging = statusAfterChange(started, { type: 'CaseJudged', data: aCaseJudged() });
    expect([created?.status, started?.status, judging?.status]).toEqual(['Pending', 'Compiling', 'Judging']);
    expect(judgeProgressEventTypes).toEqual(['JudgeStarted', 'CaseJudged']);
  });
});
