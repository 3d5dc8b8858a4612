import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { submissionStream, type SubmissionVerdict } from '@oj/events';
import {
  aJudgeStarted,
  aSubmissionCancelled,
  aSubmissionCreated,
  aSubmissionJudged,
  aSubmissionRejudgeRequested,
  aSubmissionVerdictSetManually,
} from '@oj/events/testing';
import type { Database } from '@oj/read-models';
import {
  createProjectionTestbed,
  expectDuplicateDeliveryChangesNothing,
  expectIncrementalEqualsRebuild,
  type ProjectionTestbed,
  type TestEvent,
} from '../../runner/testing';
import { userRanksProjection } from './user-ranks.projection';

type Step =
  | { readonly kind: 'judge' | 'manual'; readonly verdict: SubmissionVerdict; readonly oiRankScore: number | null }
  | { readonly kind: 'rejudge' | 'cancel' };

interface Planned {
  readonly userId: string;
  readonly problemId: number;
  readonly isPublic: boolean;
  readonly events: TestEvent[];
  readonly status: string;
  readonly oiRankScore: number | null;
}

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('judge' as const, 'manual' as const),
    verdict: fc.constantFrom<SubmissionVerdict>('AC', 'WA', 'PA', 'TLE'),
    oiRankScore: fc.option(fc.integer({ min: 0, max: 30 })),
  }),
  fc.record({ kind: fc.constantFrom('rejudge' as const, 'cancel' as const) }),
);

/** The events a submission's steps write, and its final status and oiRankScore told in plain words. */
function plan(submissionId: number, userId: string, problemId: number, bank: string, steps: readonly Step[]): Planned {
  const stream = submissionStream(submissionId);
  const contestId = bank === 'contest' ? 7 : null;
  const groupId = bank === 'group' ? 5 : null;
  const events: TestEvent[] = [
    {
      stream,
      type: 'SubmissionCreated',
      data: aSubmissionCreated({ submissionId, userId, problemId, contestId, groupId }),
    },
  ];
  let attempt = 0;
  let status = 'Pending';
  let oiRankScore: number | null = null;
  for (const next of steps) {
    if (next.kind === 'judge' && status === 'Pending') {
      events.push({ stream, type: 'JudgeStarted', data: aJudgeStarted({ submissionId, attempt }) });
      const data = aSubmissionJudged({ submissionId, attempt, status: next.verdict, oiRankScore: next.oiRankScore });
      events.push({ stream, type: 'SubmissionJudged', data });
      [status, oiRankScore] = [next.verdict, next.oiRankScore];
    } else if (next.kind === 'manual' && status !== 'Pending') {
      const data = aSubmissionVerdictSetManually({
        submissionId,
        attempt,
        status: next.verdict,
        oiRankScore: next.oiRankScore,
      });
      events.push({ stream, type: 'SubmissionVerdictSetManually', data });
      [status, oiRankScore] = [next.verdict, next.oiRankScore];
    } else if (next.kind === 'rejudge') {
      attempt += 1;
      events.push({
        stream,
        type: 'SubmissionRejudgeRequested',
        data: aSubmissionRejudgeRequested({ submissionId, attempt }),
      });
      [status, oiRankScore] = ['Pending', null];
    } else if (next.kind === 'cancel') {
      events.push({ stream, type: 'SubmissionCancelled', data: aSubmissionCancelled({ submissionId, attempt }) });
      [status, oiRankScore] = ['CA', null];
    }
  }
  return { userId, problemId, isPublic: bank === 'public', events, status, oiRankScore };
}

const histories = fc
  .array(
    fc.record({
      userId: fc.constantFrom('u1', 'u2', 'u3'),
      problemId: fc.integer({ min: 1, max: 3 }),
      bank: fc.constantFrom('public', 'public', 'group', 'contest'),
      steps: fc.array(step, { maxLength: 4 }),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((submissions) =>
    submissions.map((one, index) => plan(1000 + index, one.userId, one.problemId, one.bank, one.steps)),
  );

/** The contest doc §2.20 figures, computed the plain way. */
function expectedRanks(planned: readonly Planned[]) {
  const users = [...new Set(planned.map((one) => one.userId))].sort();
  return users.map((userId) => {
    const mine = planned.filter((one) => one.userId === userId);
    const publicOnes = mine.filter((one) => one.isPublic);
    const best = new Map<number, number>();
    for (const one of publicOnes) {
      if (one.oiRankScore === null) continue;
      best.set(one.problemId, Math.max(best.get(one.problemId) ?? 0, one.oiRankScore));
    }
    return {
      user_id: userId,
      ac: new Set(publicOnes.filter((one) => one.status === 'AC').map((one) => one.problemId)).size,
      acm_total: publicOnes.length,
      oi_total: mine.length,
      score: [...best.values()].reduce((sum, value) => sum + value, 0),
    };
  });
}

const snapshot = async (db: Kysely<Database>) => ({
  ranks: await db.selectFrom('user_ranks').selectAll().orderBy('user_id').execute(),
  submissions: await db.selectFrom('rank_submissions').selectAll().orderBy('submission_id').execute(),
});

describe('userRanksProjection', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('holds ac, both totals and the OI score of every user who submitted, as the reference computes them', async () => {
    await fc.assert(
      fc.asyncProperty(histories, async (planned) => {
        await testbed.reset(userRanksProjection);
        await testbed.append(planned.flatMap((one) => one.events));
        await testbed.runToHead(userRanksProjection);
        const rows = await testbed.db.selectFrom('user_ranks').selectAll().orderBy('user_id').execute();
        expect(rows).toEqual(expectedRanks(planned));
      }),
      { numRuns: 25 },
    );
  });

  it('ignores a duplicate delivery', async () => {
    const planned = fc.sample(histories, { numRuns: 1, seed: 11 })[0] ?? [];
    const events = planned.flatMap((one) => one.events);
    await expectDuplicateDeliveryChangesNothing(testbed, userRanksProjection, events, snapshot);
  });

  it('builds the same rows incrementally as by a rebuild', async () => {
    const events = histories.map((planned) => planned.flatMap((one) => one.events));
    await expectIncrementalEqualsRebuild(testbed, userRanksProjection, events, snapshot, { numRuns: 8 });
  });
});
