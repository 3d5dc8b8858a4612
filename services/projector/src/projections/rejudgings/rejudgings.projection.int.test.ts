import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rejudgingStream, submissionStream, type SubmissionVerdict } from '@oj/events';
import {
  aRejudgingItem,
  aRejudgingStaged,
  aRejudgingSubmissionJudged,
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
  type TestEvent,
} from '../../runner/testing';
import { submissionsProjection } from '../submissions/submissions.projection';
import { rejudgingsProjection } from './rejudgings.projection';

const rejudgingIds = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
const at = '2026-01-02T00:05:00.000Z';

const created = (submissionId: number): TestEvent => ({
  stream: submissionStream(submissionId),
  type: 'SubmissionCreated',
  data: aSubmissionCreated({ submissionId }),
});
const judgedLive = (submissionId: number, status: SubmissionVerdict, attempt = 0): TestEvent => ({
  stream: submissionStream(submissionId),
  type: 'SubmissionJudged',
  data: aSubmissionJudged({ submissionId, status, attempt }),
});
const rejudgedLive = (submissionId: number, attempt: number): TestEvent => ({
  stream: submissionStream(submissionId),
  type: 'SubmissionRejudgeRequested',
  data: aSubmissionRejudgeRequested({ submissionId, attempt }),
});
const staged = (rejudgingId: string, submissionIds: readonly number[]): TestEvent => ({
  stream: rejudgingStream(rejudgingId),
  type: 'RejudgingStaged',
  data: aRejudgingStaged({
    rejudgingId,
    items: submissionIds.map((submissionId) => aRejudgingItem({ submissionId, status: 'WA' })),
  }),
});
const stagedResult = (rejudgingId: string, submissionId: number, status: SubmissionVerdict): TestEvent => ({
  stream: rejudgingStream(rejudgingId),
  type: 'RejudgingSubmissionJudged',
  data: aRejudgingSubmissionJudged({ rejudgingId, submissionId, status, timeMs: 33 }),
});
const applied = (
  rejudgingId: string,
  results: readonly [number, SubmissionVerdict][],
  skipped: number[] = [],
  stagedFrom?: SubmissionVerdict,
) => ({
  stream: rejudgingStream(rejudgingId),
  type: 'RejudgingApplied',
  data: {
    rejudgingId,
    contestIds: [],
    results: results.map(([submissionId, status]) => {
      const { rejudgingId: _id, ...result } = aRejudgingSubmissionJudged({ submissionId, status, timeMs: 33 });
      return { ...result, attempt: 0, testDataVersion: '2', ...(stagedFrom ? { stagedFrom } : {}) };
    }),
    skipped,
    appliedBy: 'u-root',
    appliedAt: at,
    reason: 'checked',
  },
});
const discarded = (rejudgingId: string): TestEvent => ({
  stream: rejudgingStream(rejudgingId),
  type: 'RejudgingDiscarded',
  data: { rejudgingId, discardedBy: 'u-root', discardedAt: at },
});

const rejudgingRows = async (db: Kysely<Database>) => ({
  rejudgings: await db
    .selectFrom('rejudgings')
    .select(['rejudging_id', 'state', 'total', 'judged', 'ended_by', 'end_reason', 'skipped'])
    .orderBy('rejudging_id')
    .execute(),
  items: await db
    .selectFrom('rejudging_items')
    .select(['rejudging_id', 'submission_id', 'old_status', 'new_status', 'new_time_ms'])
    .orderBy('rejudging_id')
    .orderBy('submission_id')
    .execute(),
});
const liveRows = (db: Kysely<Database>) =>
  db
    .selectFrom('submissions')
    .select(['submission_id', 'attempt', 'status', 'time_ms', 'judger', 'is_manual'])
    .orderBy('submission_id')
    .execute();

/** Any history of two rejudgings over submissions 1–3, mixed with live judging and rejudges of them. */
const historyEvent: fc.Arbitrary<TestEvent> = fc.oneof(
  fc.constantFrom(...rejudgingIds).map((id) => staged(id, [1, 2, 3])),
  fc
    .tuple(fc.constantFrom(...rejudgingIds), fc.constantFrom(1, 2, 3), fc.constantFrom<SubmissionVerdict>('AC', 'WA'))
    .map(([id, submissionId, status]) => stagedResult(id, submissionId, status)),
  fc.constantFrom(...rejudgingIds).map((id) =>
    applied(
      id,
      [
        [1, 'AC'],
        [2, 'TLE'],
      ],
      [3],
    ),
  ),
  fc.constantFrom(...rejudgingIds).map(discarded),
  fc
    .tuple(fc.constantFrom(1, 2, 3), fc.constantFrom<SubmissionVerdict>('AC', 'WA'))
    .map(([id, s]) => judgedLive(id, s)),
  fc.constantFrom(1, 2, 3).map((id) => rejudgedLive(id, 1)),
);
const histories = fc
  .array(historyEvent, { maxLength: 14 })
  .map((events) => [created(1), created(2), created(3), ...events]);

describe('rejudgingsProjection', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('counts progress once per submission and records how the rejudging ended', async () => {
    await testbed.reset(rejudgingsProjection);
    const [first, second] = rejudgingIds as [string, string];
    await testbed.append([
      staged(first, [1, 2]),
      stagedResult(first, 1, 'AC'),
      stagedResult(first, 1, 'AC'),
      staged(second, [3]),
    ]);
    await testbed.runToHead(rejudgingsProjection);
    expect((await rejudgingRows(testbed.db)).rejudgings).toMatchObject([
      { rejudging_id: first, state: 'judging', total: 2, judged: 1 },
      { rejudging_id: second, state: 'judging', total: 1, judged: 0 },
    ]);
    await testbed.append([stagedResult(first, 2, 'TLE'), applied(first, [[1, 'AC']], [2]), discarded(second)]);
    await testbed.runToHead(rejudgingsProjection);
    const rows = await rejudgingRows(testbed.db);
    expect(rows.rejudgings).toMatchObject([
      { rejudging_id: first, state: 'applied', judged: 2, ended_by: 'u-root', end_reason: 'checked', skipped: [2] },
      { rejudging_id: second, state: 'discarded', judged: 0 },
    ]);
    expect(rows.items).toMatchObject([
      { submission_id: 1, old_status: 'WA', new_status: 'AC', new_time_ms: 33 },
      { submission_id: 2, old_status: 'WA', new_status: 'TLE' },
      { submission_id: 3, old_status: 'WA', new_status: null },
    ]);
  });

  it('ignores a duplicate delivery', async () => {
    const [history] = fc.sample(histories, { numRuns: 1, seed: 11 });
    await expectDuplicateDeliveryChangesNothing(testbed, rejudgingsProjection, history ?? [], rejudgingRows);
  });

  it('builds incrementally the rows a rebuild from zero gives', async () => {
    await expectIncrementalEqualsRebuild(testbed, rejudgingsProjection, histories, rejudgingRows, { numRuns: 10 });
  });
});

describe('submissionsProjection under staged rejudges', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('shows no staged result in the live rows until the rejudging is applied, then all of them at once', async () => {
    await testbed.reset(submissionsProjection);
    const [first] = rejudgingIds as [string];
    await testbed.append([created(1), created(2), judgedLive(1, 'WA'), judgedLive(2, 'WA')]);
    await testbed.runToHead(submissionsProjection);
    const before = await liveRows(testbed.db);
    await testbed.append([staged(first, [1, 2]), stagedResult(first, 1, 'AC'), stagedResult(first, 2, 'TLE')]);
    await testbed.runToHead(submissionsProjection);
    expect(await liveRows(testbed.db)).toEqual(before);

    await testbed.append([
      applied(first, [
        [1, 'AC'],
        [2, 'TLE'],
      ]),
    ]);
    await testbed.runToHead(submissionsProjection);
    expect(await liveRows(testbed.db)).toMatchObject([
      { submission_id: 1, attempt: 0, status: 'AC', time_ms: 33, is_manual: false },
      { submission_id: 2, attempt: 0, status: 'TLE', time_ms: 33 },
    ]);
  });

  it('keeps a newer live rejudge over a result applied for the attempt before it', async () => {
    await testbed.reset(submissionsProjection);
    const [first] = rejudgingIds as [string];
    await testbed.append([created(1), judgedLive(1, 'WA'), rejudgedLive(1, 1), judgedLive(1, 'RE', 1)]);
    await testbed.append([applied(first, [[1, 'AC']])]);
    await testbed.runToHead(submissionsProjection);
    expect(await liveRows(testbed.db)).toMatchObject([{ submission_id: 1, attempt: 1, status: 'RE' }]);
  });

  it("keeps a manual verdict given on the staged attempt between the apply's check and its append", async () => {
    await testbed.reset(submissionsProjection);
    const [first] = rejudgingIds as [string];
    const manual: TestEvent = {
      stream: submissionStream(1),
      type: 'SubmissionVerdictSetManually',
      data: {
        submissionId: 1,
        attempt: 0,
        status: 'PE',
        score: null,
        oiRankScore: null,
        judger: 'root',
        setBy: 'u-root',
        setAt: at,
      },
    };
    await testbed.append([created(1), judgedLive(1, 'WA'), manual, applied(first, [[1, 'AC']], [], 'WA')]);
    await testbed.runToHead(submissionsProjection);
    expect(await liveRows(testbed.db)).toMatchObject([{ submission_id: 1, attempt: 0, status: 'PE', is_manual: true }]);
  });

  it('builds incrementally the rows a rebuild from zero gives, applied rejudgings included', async () => {
    await expectIncrementalEqualsRebuild(testbed, submissionsProjection, histories, liveRows, { numRuns: 10 });
  });
});
