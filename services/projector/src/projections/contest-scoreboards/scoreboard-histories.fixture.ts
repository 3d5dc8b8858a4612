import fc from 'fast-check';
import { contestStream, submissionStream, type SubmissionVerdict } from '@oj/events';
import {
  aContestCreated,
  aContestProblemAdded,
  aSubmissionCreated,
  aSubmissionJudged,
  aSubmissionRejudgeRequested,
  someContestSettings,
} from '@oj/events/testing';
import type { TestEvent } from '../../runner/testing/projection-testbed';
import type { ReferenceContest, ReferenceRecord } from './reference-scoreboard.fixture';

/** Random contest histories for the projection tests, with the final records told in plain words. */
export interface ContestHistory {
  readonly events: TestEvent[];
  readonly contest: ReferenceContest;
  readonly records: ReferenceRecord[];
}

const startMs = Date.parse('2026-01-10T10:00:00.000Z');
const at = (seconds: number) => new Date(startMs + seconds * 1000).toISOString();
const problems = ['A', 'B', 'C'];
const contestId = 7;

const verdicts: Record<SubmissionVerdict, 1 | -1 | 0> = {
  AC: 1,
  WA: -1,
  PE: -1,
  TLE: -1,
  MLE: -1,
  RE: -1,
  CE: 0,
  SE: 0,
  PA: 0,
  CA: 0,
  SF: 0,
};

const judged = (
  submissionId: number,
  attempt: number,
  status: SubmissionVerdict,
  score: number | null,
  timeMs: number,
) => ({
  stream: submissionStream(submissionId),
  type: 'SubmissionJudged',
  data: aSubmissionJudged({ submissionId, attempt, status, score, timeMs }),
});

const submission = fc.record({
  userId: fc.constantFrom('u1', 'u2', 'u3'),
  problem: fc.integer({ min: 1, max: 3 }),
  time: fc.integer({ min: -10, max: 130 }),
  verdict: fc.option(fc.constantFrom<SubmissionVerdict>('AC', 'WA', 'CE', 'PA', 'TLE'), { freq: 6 }),
  rejudgeTo: fc.option(fc.constantFrom<SubmissionVerdict>('AC', 'WA', 'CE')),
  score: fc.option(fc.constantFrom(0, 50, 100)),
  timeMs: fc.integer({ min: 0, max: 500 }),
});

export const contestHistories: fc.Arbitrary<ContestHistory> = fc
  .record({
    type: fc.constantFrom('ACM' as const, 'OI' as const),
    sealStart: fc.option(fc.integer({ min: 0, max: 100 })),
    scoreType: fc.constantFrom('Recent' as const, 'Highest' as const),
    submissions: fc.array(submission, { maxLength: 14 }),
  })
  .map(({ type, sealStart, scoreType, submissions }) => {
    const contest: ReferenceContest = { type, durationSeconds: 100, sealStart, scoreType };
    const settings = someContestSettings({
      startAt: at(0),
      endAt: at(100),
      durationSeconds: 100,
      sealRank: sealStart !== null,
      sealRankAt: sealStart === null ? null : at(sealStart),
      oiRankScoreType: scoreType,
      allowEndSubmit: true,
    });
    const stream = contestStream(contestId);
    const events: TestEvent[] = [
      { stream, type: 'ContestCreated', data: aContestCreated({ contestId, type, settings }) },
      ...problems.map((displayId, index) => ({
        stream,
        type: 'ContestProblemAdded',
        data: aContestProblemAdded({ contestId, contestProblemId: index + 1, problemId: index + 1, displayId }),
      })),
    ];
    const records: ReferenceRecord[] = [];
    const rejudges: TestEvent[] = [];
    submissions.forEach((planned, index) => {
      const submissionId = index + 1;
      events.push({
        stream: submissionStream(submissionId),
        type: 'SubmissionCreated',
        data: aSubmissionCreated({
          submissionId,
          userId: planned.userId,
          username: planned.userId,
          contestId,
          contestProblemId: planned.problem,
          problemId: planned.problem,
          submittedAt: at(planned.time),
        }),
      });
      let final: SubmissionVerdict | null = planned.verdict;
      if (planned.verdict) events.push(judged(submissionId, 0, planned.verdict, planned.score, planned.timeMs));
      if (planned.verdict && planned.rejudgeTo) {
        rejudges.push(
          {
            stream: submissionStream(submissionId),
            type: 'SubmissionRejudgeRequested',
            data: aSubmissionRejudgeRequested({ submissionId, attempt: 1 }),
          },
          judged(submissionId, 1, planned.rejudgeTo, planned.score, planned.timeMs),
        );
        final = planned.rejudgeTo;
      }
      records.push({
        submissionId,
        userId: planned.userId,
        displayId: problems[planned.problem - 1] ?? 'A',
        time: planned.time,
        status: final ? verdicts[final] : null,
        score: final ? planned.score : null,
        useTimeMs: planned.timeMs,
      });
    });
    return { events: [...events, ...rejudges], contest, records };
  });
