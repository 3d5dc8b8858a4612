import { describe, expect, it } from 'vitest';
import { contestStream, submissionStream } from '@oj/events';
import {
  aCaseJudged,
  aContestCreated,
  aContestProblemAdded,
  aJudgeStarted,
  aSubmissionCreated,
  aSubmissionJudged,
} from '@oj/events/testing';
import type { Projection } from '../runner/projection';
import type { TestEvent } from '../runner/testing';
import { startBackgroundRunner, useProjectionTestbed } from '../runner/testing/runner-harness';
import { acceptedProblemsProjection } from './accepted-problems/accepted-problems.projection';
import { auditEntriesProjection } from './audit-entries/audit-entries.projection';
import {
  acmScoreboardProjection,
  oiScoreboardProjection,
  sealedAcmScoreboardProjection,
  sealedOiScoreboardProjection,
} from './contest-scoreboards/scoreboards';
import { problemCountersProjection } from './problem-counters/problem-counters.projection';
import { submissionsProjection } from './submissions/submissions.projection';
import { userRanksProjection } from './user-ranks/user-ranks.projection';

/** Every projection a submission's events reach (registry.ts). */
const submissionProjections: readonly Projection[] = [
  submissionsProjection,
  problemCountersProjection,
  acceptedProblemsProjection,
  userRanksProjection,
  acmScoreboardProjection,
  sealedAcmScoreboardProjection,
  oiScoreboardProjection,
  sealedOiScoreboardProjection,
  auditEntriesProjection,
];

/** The same projections as they were before: the judge's progress handled, no change filter. */
const asBefore = (projection: Projection): Projection => {
  const handlesOutcomes = projection.eventTypes.includes('SubmissionJudged');
  const progress = ['JudgeStarted', 'CaseJudged'].filter((type) => !projection.eventTypes.includes(type));
  const { changeFilter: _filter, ...rest } = projection;
  const keepsAuditRule = projection === auditEntriesProjection;
  return { ...rest, eventTypes: [...projection.eventTypes, ...(handlesOutcomes && !keepsAuditRule ? progress : [])] };
};

/** A submission's life as the judge writes it for a one-case problem: created, started, a case, the verdict. */
const lifeOf = (submissionId: number, contestId: number | null): TestEvent[] => {
  const stream = submissionStream(submissionId);
  const contestProblemId = contestId === null ? null : 1;
  return [
    {
      stream,
      type: 'SubmissionCreated',
      data: aSubmissionCreated({ submissionId, contestId, contestProblemId, submittedAt: '2026-01-10T10:05:00.000Z' }),
    },
    { stream, type: 'JudgeStarted', data: aJudgeStarted({ submissionId }) },
    { stream, type: 'CaseJudged', data: aCaseJudged({ submissionId }) },
    { stream, type: 'SubmissionJudged', data: aSubmissionJudged({ submissionId }) },
  ];
};

describe('a submission costs a batch only to the projections its events change', () => {
  const testbed = useProjectionTestbed({
    eachTest: async (bed) => {
      for (const projection of submissionProjections) await bed.reset(projection);
    },
  });

  /** Appends the events one at a time, each projected live before the next, and lists who opened a batch for each. */
  const batchesPerEvent = async (projections: readonly Projection[], events: readonly TestEvent[]) => {
    const runner = startBackgroundRunner(testbed, projections);
    const positions: bigint[] = [];
    for (const event of events) {
      const position = await testbed.append([event]);
      await runner.untilAt(position);
      positions.push(position);
    }
    await runner.stop();
    return positions.map((position) =>
      runner.batches
        .filter((batch) => batch.outcome.position === position)
        .map((batch) => batch.projection)
        .sort(),
    );
  };

  it('a practice submission: no batch on the boards, none for the judge’s progress but the submission’s own', async () => {
    const outcomeProjections = ['accepted-problems', 'audit-entries', 'problem-counters', 'submissions', 'user-ranks'];
    // When a practice submission is created, started, judged on a case and judged
    const batches = await batchesPerEvent(submissionProjections, lifeOf(1, null));
    // Then 12 batches: the creation and the verdict for the five that keep practice rows, the progress for one
    expect(batches).toEqual([outcomeProjections, ['submissions'], ['submissions'], outcomeProjections]);
    expect(batches.flat()).toHaveLength(12);
  });

  it('before the change the same four events cost 34 batches (the boards and the counters on every event)', async () => {
    const batches = await batchesPerEvent(submissionProjections.map(asBefore), lifeOf(1, null));
    expect(batches.map((projections) => projections.length)).toEqual([9, 8, 8, 9]);
  });

  it('a contest submission reaches its type’s boards only, without batches for the judge’s progress', async () => {
    const contest: TestEvent[] = [
      { stream: contestStream(7), type: 'ContestCreated', data: aContestCreated({ contestId: 7, type: 'ACM' }) },
      {
        stream: contestStream(7),
        type: 'ContestProblemAdded',
        data: aContestProblemAdded({ contestId: 7, contestProblemId: 1, problemId: 1, displayId: 'A' }),
      },
    ];
    const batches = await batchesPerEvent(submissionProjections, [...contest, ...lifeOf(2, 7)]);
    const [created, started, cased, judged] = batches.slice(contest.length);
    // The OI boards saw the contest created: an ACM contest's submission is none of theirs.
    expect(created).toEqual(['acm-scoreboard', 'audit-entries', 'sealed-acm-scoreboard', 'submissions', 'user-ranks']);
    expect([started, cased]).toEqual([['submissions'], ['submissions']]);
    expect(judged).toEqual(created);
    const rows = await testbed.db.selectFrom('acm_scoreboard_rows').select(['user_id', 'ac']).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.ac === 1)).toBe(true);
  });
});
