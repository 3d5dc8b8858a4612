import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { submissionStream } from '@oj/events';
import {
  aCaseJudged,
  aJudgeStarted,
  aSubmissionCreated,
  aSubmissionJudged,
  aSubmissionRejudgeRequested,
} from '@oj/events/testing';
import type { Database } from '@oj/read-models';
import {
  createProjectionTestbed,
  expectDuplicateDeliveryChangesNothing,
  expectIncrementalEqualsRebuild,
  type ProjectionTestbed,
} from '../../runner/testing';
import { submissionHistories } from './submission-histories.fixture';
import { submissionsProjection } from './submissions.projection';

const snapshot = async (db: Kysely<Database>) => ({
  submissions: await db.selectFrom('submissions').selectAll().orderBy('submission_id').execute(),
  cases: await db.selectFrom('submission_cases').selectAll().orderBy('submission_id').orderBy('seq').execute(),
});

const stream = submissionStream(1);

describe('submissionsProjection', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('shows the judge row and the current attempt’s cases; a rejudge clears them and the result', async () => {
    await testbed.reset(submissionsProjection);
    await testbed.append([
      { stream, type: 'SubmissionCreated', data: aSubmissionCreated(), metadata: { clientIp: '10.0.0.1' } },
      { stream, type: 'JudgeStarted', data: aJudgeStarted() },
      { stream, type: 'CaseJudged', data: aCaseJudged({ timeMs: 12 }) },
    ]);
    await testbed.runToHead(submissionsProjection);
    let { submissions, cases } = await snapshot(testbed.db);
    expect(submissions[0]).toMatchObject({ status: 'Judging', judger: 'judge-1', ip: '10.0.0.1', attempt: 0 });
    expect(cases).toMatchObject([{ seq: 1, status: 'AC', time_ms: 12 }]);

    await testbed.append([
      { stream, type: 'SubmissionJudged', data: aSubmissionJudged({ status: 'AC', timeMs: 12 }) },
      { stream, type: 'SubmissionRejudgeRequested', data: aSubmissionRejudgeRequested({ attempt: 1 }) },
    ]);
    await testbed.runToHead(submissionsProjection);
    ({ submissions, cases } = await snapshot(testbed.db));
    expect(submissions[0]).toMatchObject({
      status: 'Pending',
      attempt: 1,
      time_ms: null,
      judger: '',
      is_manual: false,
    });
    expect(cases).toEqual([]);
  });

  it('ends with the status and share flag of the reference model for any history', async () => {
    await fc.assert(
      fc.asyncProperty(submissionHistories, async (history) => {
        await testbed.reset(submissionsProjection);
        await testbed.append(history.events);
        await testbed.runToHead(submissionsProjection);
        const { submissions } = await snapshot(testbed.db);
        expect(submissions.map((row) => ({ id: row.submission_id, status: row.status, share: row.share }))).toEqual(
          history.submissions.map((model) => ({ id: model.submissionId, status: model.status, share: model.share })),
        );
      }),
      { numRuns: 15 },
    );
  });

  it('ignores a duplicate delivery', async () => {
    const history = fc.sample(submissionHistories, { numRuns: 1, seed: 7 })[0];
    await expectDuplicateDeliveryChangesNothing(testbed, submissionsProjection, history?.events ?? [], snapshot);
  });

  it('builds the same rows incrementally as by a rebuild', async () => {
    await expectIncrementalEqualsRebuild(
      testbed,
      submissionsProjection,
      submissionHistories.map((history) => history.events),
      snapshot,
      { numRuns: 8 },
    );
  });
});
