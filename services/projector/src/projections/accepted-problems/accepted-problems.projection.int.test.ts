import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import {
  createProjectionTestbed,
  expectDuplicateDeliveryChangesNothing,
  expectIncrementalEqualsRebuild,
  type ProjectionTestbed,
} from '../../runner/testing';
import { submissionHistories } from '../submissions/submission-histories.fixture';
import { acceptedProblemsProjection } from './accepted-problems.projection';

const snapshot = (db: Kysely<Database>) =>
  db.selectFrom('accepted_submissions').selectAll().orderBy('submission_id').execute();

describe('acceptedProblemsProjection', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('holds an accepted record exactly for the public-bank submissions that are AC now', async () => {
    await fc.assert(
      fc.asyncProperty(submissionHistories, async (history) => {
        await testbed.reset(acceptedProblemsProjection);
        await testbed.append(history.events);
        await testbed.runToHead(acceptedProblemsProjection);
        const accepted = await testbed.db
          .selectFrom('accepted_submissions')
          .select(['submission_id', 'user_id', 'problem_id'])
          .where('is_accepted', '=', true)
          .orderBy('submission_id')
          .execute();
        const expected = history.submissions
          .filter((model) => model.status === 'AC' && model.contestId === null && model.groupId === null)
          .map((model) => ({ submission_id: model.submissionId, user_id: model.userId, problem_id: model.problemId }));
        expect(accepted).toEqual(expected);
      }),
      { numRuns: 20 },
    );
  });

  it('ignores a duplicate delivery', async () => {
    const history = fc.sample(submissionHistories, { numRuns: 1, seed: 3 })[0];
    await expectDuplicateDeliveryChangesNothing(testbed, acceptedProblemsProjection, history?.events ?? [], snapshot);
  });

  it('builds the same rows incrementally as by a rebuild', async () => {
    await expectIncrementalEqualsRebuild(
      testbed,
      acceptedProblemsProjection,
      submissionHistories.map((history) => history.events),
      snapshot,
      { numRuns: 10 },
    );
  });
});
