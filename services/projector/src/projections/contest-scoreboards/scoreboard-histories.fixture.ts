import fc from 'fast-check';
import { contestStream, rejudgingStream, submissionStream, type SubmissionVerdict } from '@oj/events';
import {
  aCaseJudged,
  aContestCreated,
  aContestProblemAdded,
  aJudgeStarted,
  aRejudgingId,
  aRejudgingSubmissionJudged,
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

/** The judge's progress on an attempt as the real judge writes it before the verdict: started, one case judged. */
const progressOf = (submissionId: number, attempt: number): TestEvent[] => [
  { stream: submissionStream(submissionId), type: 'JudgeStarted', data: aJudgeStarted({ submissionId, attempt }) },
  { stream: submissionStream(submissionId), type: 'CaseJudged', data: aCaseJudged({ submissionId, attempt }) },
];

/** One applied staged result (RejudgingApplied) for each submission named, on attempt 0. */
const appliedResults = (submissionIds: readonly number[], status: SubmissionVerdict): TestEvent => ({
  stream: rejudgingStream(aRejudgingId),
  type: 'RejudgingApplied',
  data: {
    rejudgingId: aRejudgingId,
    contestIds: [contestId],
    results: submissionIds.map((submissionId) => {
      const { rejudgingId: _id, ...staged } = aRejudgingSubmissionJudged({ submissionId, status });
      return { ...staged, attempt: 0, testDataVersion: '2' };
    }),
    skipped: [],
    appliedBy: 'root',
    appliedAt: at(200),
  },
});

const practice = fc.record({
  userId: fc.constantFrom('u1', 'u2', 'u3'),
  problem: fc.integer({ min: 1, max: 3 }),
  verdict: fc.constantFrom<SubmissionVerdict>('AC', 'WA'),
  rejudged: fc.boolean(),
  /** In a contest of the other type (8) instead of none: no board of this type ever holds it either. */
  elsewhere: fc.boolean(),
  /** Where its events go among the contest's (each after the one before). */
  places: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
});

/** The contest of the other type the histories' other submissions go to. */
const otherContestId = 8;

/**
 * A contest history with what a live board also meets: the judge's progress before each verdict (JudgeStarted,
 * CaseJudged, which no board handles), practice submissions of the same users and problems and submissions to a
 * contest of the other type (a board skips both without a batch, by its change filter) interleaved anywhere after
 * the contest opened, and applied staged results for a practice submission alone and (`mixedResults`) for a
 * practice and a contest submission together. Without `mixedResults` a board must hold the rows the contest
 * history alone gives.
 */
export const withPracticeAndJudgeProgress = (
  histories: fc.Arbitrary<readonly TestEvent[]>,
  { mixedResults = true }: { readonly mixedResults?: boolean } = {},
): fc.Arbitrary<readonly TestEvent[]> =>
  fc
    .tuple(histories, fc.array(practice, { maxLength: 5 }), fc.constantFrom<SubmissionVerdict>('AC', 'WA'))
    .map(([history, practices, appliedVerdict]) => {
      const ownType = (history[0]?.data as { type?: string } | undefined)?.type;
      const otherContest: TestEvent[] = [
        {
          stream: contestStream(otherContestId),
          type: 'ContestCreated',
          data: aContestCreated({ contestId: otherContestId, type: ownType === 'OI' ? 'ACM' : 'OI' }),
        },
        {
          stream: contestStream(otherContestId),
          type: 'ContestProblemAdded',
          data: aContestProblemAdded({ contestId: otherContestId, contestProblemId: 1, problemId: 1, displayId: 'A' }),
        },
      ];
      const events = history.flatMap((event) => {
        const data = event.data as { submissionId?: number; attempt?: number };
        const opensAttempt = event.type === 'SubmissionCreated' || event.type === 'SubmissionRejudgeRequested';
        return opensAttempt && data.submissionId !== undefined
          ? [event, ...progressOf(data.submissionId, data.attempt ?? 0)]
          : [event];
      });
      const opened = 1 + problems.length + (practices.some((planned) => planned.elsewhere) ? otherContest.length : 0);
      if (opened > 1 + problems.length) events.splice(1 + problems.length, 0, ...otherContest);
      practices.forEach((planned, index) => {
        const submissionId = 100 + index;
        const contest = planned.elsewhere ? { contestId: otherContestId, contestProblemId: 1 } : {};
        const stream = submissionStream(submissionId);
        const own: TestEvent[] = [
          {
            stream,
            type: 'SubmissionCreated',
            data: aSubmissionCreated({
              submissionId,
              userId: planned.userId,
              username: planned.userId,
              problemId: planned.problem,
              submittedAt: at(10),
              ...contest,
            }),
          },
          ...progressOf(submissionId, 0),
          judged(submissionId, 0, planned.verdict, null, 10),
          ...(planned.rejudged
            ? [
                {
                  stream,
                  type: 'SubmissionRejudgeRequested',
                  data: aSubmissionRejudgeRequested({ submissionId, attempt: 1 }),
                },
                ...progressOf(submissionId, 1),
                judged(submissionId, 1, 'AC', null, 10),
              ]
            : []),
        ];
        // After the contests' opening events, each after the one before it.
        let place = Math.min(events.length, opened);
        for (const [step, event] of own.entries()) {
          const gap = planned.places[step] ?? 0;
          place = Math.min(events.length, place + (gap % Math.max(1, events.length - place + 1)));
          events.splice(place, 0, event);
          place += 1;
        }
      });
      const contestSubmission = events.some(
        (event) => event.type === 'SubmissionCreated' && event.stream === submissionStream(1),
      );
      if (practices.length > 0) events.push(appliedResults([100], appliedVerdict));
      if (mixedResults && practices.length > 0 && contestSubmission)
        events.push(appliedResults([100, 1], appliedVerdict));
      return events;
    });
