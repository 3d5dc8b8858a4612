import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contestStream, problemStream, submissionStream, userStream } from '@oj/events';
import {
  aContestCreated,
  aContestantRegistered,
  aJudgeStarted,
  aPasswordHash,
  aProblemCreated,
  aProblemDefinition,
  aProblemEdited,
  aProblemTestCase,
  aSubmissionCancelled,
  aSubmissionCreated,
  aSubmissionJudged,
  aSubmissionRejudgeRequested,
  aSubmissionVerdictSetManually,
  aUserPasswordChanged,
  aUserRegistered,
  someContestSettings,
  someJudgeSettings,
} from '@oj/events/testing';
import type { Database } from '@oj/read-models';
import {
  createProjectionTestbed,
  expectBatchEqualsOneByOne,
  expectDuplicateDeliveryChangesNothing,
  expectIncrementalEqualsRebuild,
  type ProjectionTestbed,
  type TestEvent,
} from '../../runner/testing';
import { auditEntriesProjection } from './audit-entries.projection';

const root = 'root-uid';
const alice = 'alice-uid';
const byRoot = { actorId: root, clientIp: '10.1.1.1', correlationId: 'req-1', causationId: 'req-1' };
const judge = { judger: 'judge-1', correlationId: 'req-2', causationId: 'ev-1' };
const sealed = (text: string) => `sealed:v1:${Buffer.from(text).toString('base64url')}`;

const entries = (db: Kysely<Database>) =>
  db
    .selectFrom('audit_entries')
    .select(['event_type', 'kind', 'command', 'contest_id', 'problem_id', 'user_id', 'submission_id'])
    .select(['actor_id', 'client_ip', 'changes', 'reason'])
    .orderBy('position')
    .execute();
const snapshot = async (db: Kysely<Database>) => ({
  entries: await entries(db),
  snapshots: await db.selectFrom('audit_stream_snapshots').select(['stream', 'snapshot']).orderBy('stream').execute(),
});

const contestCreated = (contestId: number, password: string | null, title = 'Spring'): TestEvent => ({
  stream: contestStream(contestId),
  type: 'ContestCreated',
  data: aContestCreated({ contestId, createdBy: root, settings: someContestSettings({ title, auth: 1, password }) }),
  metadata: byRoot,
});
const settingsChanged = (contestId: number, password: string | null, title: string): TestEvent => ({
  stream: contestStream(contestId),
  type: 'ContestSettingsChanged',
  data: {
    contestId,
    settings: someContestSettings({ title, auth: 1, password }),
    changedBy: root,
    changedAt: '2026-01-01T01:00:00.000Z',
  },
  metadata: byRoot,
});
const submitted = (submissionId: number, contestId: number | null): TestEvent => ({
  stream: submissionStream(submissionId),
  type: 'SubmissionCreated',
  data: aSubmissionCreated({ submissionId, contestId, userId: alice, problemId: 7 }),
  metadata: { actorId: alice, clientIp: '10.2.2.2', correlationId: 'req-3', causationId: 'req-3' },
});
const judged = (submissionId: number, attempt: number, status: 'AC' | 'WA'): TestEvent => ({
  stream: submissionStream(submissionId),
  type: 'SubmissionJudged',
  data: aSubmissionJudged({ submissionId, attempt, status }),
  metadata: judge,
});
const rejudged = (submissionId: number, attempt: number, reason?: string): TestEvent => ({
  stream: submissionStream(submissionId),
  type: 'SubmissionRejudgeRequested',
  data: aSubmissionRejudgeRequested({
    submissionId,
    attempt,
    requestedBy: root,
    judge: someJudgeSettings({ testDataVersion: `v${attempt}` }),
    ...(reason ? { reason } : {}),
  }),
  metadata: byRoot,
});

describe('auditEntriesProjection', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('lists changed contest settings field by field and a changed password without its values', async () => {
    await testbed.reset(auditEntriesProjection);
    await testbed.append([contestCreated(1, sealed('one')), settingsChanged(1, sealed('two'), 'Summer')]);
    await testbed.runToHead(auditEntriesProjection);
    const [created, changed] = await entries(testbed.db);
    expect(created).toMatchObject({ kind: 'contest', command: 'CreateContest', contest_id: 1, actor_id: root });
    expect(created?.client_ip).toBe('10.1.1.1');
    expect(changed?.changes).toEqual([
      { field: 'title', before: 'Spring', after: 'Summer' },
      { field: 'password', before: null, after: null, hidden: true },
    ]);
    const stored = JSON.stringify(await snapshot(testbed.db));
    expect(stored).not.toContain(sealed('one'));
    expect(stored).not.toContain(sealed('two'));
  });

  it("records a submission's verdicts, rejudge with its reason, manual verdict and cancellation under its contest", async () => {
    await testbed.reset(auditEntriesProjection);
    await testbed.append([
      submitted(5, 3),
      { stream: submissionStream(5), type: 'JudgeStarted', data: aJudgeStarted({ submissionId: 5 }), metadata: judge },
      judged(5, 0, 'WA'),
      rejudged(5, 1, 'the checker ignored trailing spaces'),
      judged(5, 1, 'AC'),
      judged(5, 0, 'WA'), // a late event of the first attempt: recorded, changes nothing
      {
        stream: submissionStream(5),
        type: 'SubmissionVerdictSetManually',
        data: aSubmissionVerdictSetManually({
          submissionId: 5,
          attempt: 1,
          status: 'WA',
          setBy: root,
          reason: 'copied',
        }),
        metadata: byRoot,
      },
      {
        stream: submissionStream(5),
        type: 'SubmissionCancelled',
        data: aSubmissionCancelled({ submissionId: 5, attempt: 1, cancelledBy: root }),
        metadata: byRoot,
      },
    ]);
    await testbed.runToHead(auditEntriesProjection);
    const rows = await entries(testbed.db);
    expect(rows.map((row) => row.event_type)).not.toContain('JudgeStarted');
    expect(rows.every((row) => row.contest_id === 3 && row.problem_id === 7 && row.user_id === alice)).toBe(true);
    expect(rows.map((row) => [row.kind, row.actor_id])).toEqual([
      ['submission', alice],
      ['verdict', 'judge:judge-1'],
      ['rejudge', root],
      ['verdict', 'judge:judge-1'],
      ['verdict', 'judge:judge-1'],
      ['manual-verdict', root],
      ['cancellation', root],
    ]);
    expect(rows[2]).toMatchObject({ command: 'RejudgeSubmission', reason: 'the checker ignored trailing spaces' });
    expect(rows[2]?.changes).toEqual([
      { field: 'attempt', before: '0', after: '1' },
      { field: 'verdict', before: 'WA', after: 'Pending' },
      { field: 'testDataVersion', before: '1', after: 'v1' },
    ]);
    expect(rows[3]?.changes).toEqual([{ field: 'verdict', before: 'Pending', after: 'AC' }]);
    expect(rows[4]?.changes).toEqual([]);
    expect(rows[5]).toMatchObject({ reason: 'copied', changes: [{ field: 'verdict', before: 'AC', after: 'WA' }] });
    expect(rows[6]).toMatchObject({ reason: null, changes: [{ field: 'verdict', before: 'WA', after: 'CA' }] });
  });

  it('calls a problem edit that changes test cases a test-data change, by version and case hashes', async () => {
    await testbed.reset(auditEntriesProjection);
    const before = aProblemDefinition({ testDataVersion: 'v1', testCases: [aProblemTestCase({ caseId: 1 })] });
    const newCase = aProblemTestCase({ caseId: 1, outputSha256: 'c'.repeat(64) });
    const after = { ...before, testDataVersion: 'v2', testCases: [newCase] };
    await testbed.append([
      { stream: problemStream(1000), ...aProblemCreated({ definition: before }), metadata: byRoot },
      {
        stream: problemStream(1000),
        ...aProblemEdited({ definition: { ...before, title: 'Renamed' } }),
        metadata: byRoot,
      },
      { stream: problemStream(1000), ...aProblemEdited({ definition: after }), metadata: byRoot },
    ]);
    await testbed.runToHead(auditEntriesProjection);
    const [, renamed, newData] = await entries(testbed.db);
    expect(renamed).toMatchObject({ kind: 'problem', problem_id: 1000 });
    expect(renamed?.changes).toEqual([{ field: 'title', before: before.title, after: 'Renamed' }]);
    expect(newData?.kind).toBe('test-data');
    expect(newData?.changes.map((change) => change.field)).toEqual(['title', 'testDataVersion', 'case 1']);
    expect(newData?.changes[2]?.after).toContain('cccccccccccc');
  });

  it("never shows a user's password hash, only that the password changed", async () => {
    await testbed.reset(auditEntriesProjection);
    await testbed.append([
      { stream: userStream(alice), ...aUserRegistered({ userId: alice, username: 'alice' }), metadata: byRoot },
      { stream: userStream(alice), ...aUserPasswordChanged({ userId: alice }), metadata: byRoot },
    ]);
    await testbed.runToHead(auditEntriesProjection);
    const [registered, changed] = await entries(testbed.db);
    expect(registered?.changes.map((change) => change.field)).toEqual(['username', 'email', 'role']);
    expect(changed?.changes).toEqual([{ field: 'password', before: null, after: null, hidden: true }]);
    expect(JSON.stringify(await snapshot(testbed.db))).not.toContain(aPasswordHash);
  });

  const contestId = fc.constantFrom(1, 2);
  const submissionId = fc.constantFrom(10, 11);
  const event: fc.Arbitrary<TestEvent> = fc.oneof(
    fc.tuple(contestId, fc.constantFrom(null, sealed('a'), sealed('b'))).map(([id, pwd]) => contestCreated(id, pwd)),
    fc
      .tuple(contestId, fc.constantFrom(null, sealed('a')), fc.constantFrom('A', 'B'))
      .map(([id, pwd, title]) => settingsChanged(id, pwd, title)),
    fc.tuple(contestId, fc.constantFrom('alice', 'bob')).map(([id, user]) => ({
      stream: contestStream(id),
      type: 'ContestantRegistered',
      data: aContestantRegistered({ contestId: id, userId: `${user}-uid`, username: user }),
    })),
    fc.tuple(submissionId, contestId).map(([id, contest]) => submitted(id, contest)),
    fc
      .tuple(submissionId, fc.constantFrom(0, 1), fc.constantFrom('AC' as const, 'WA' as const))
      .map(([id, a, s]) => judged(id, a, s)),
    fc.tuple(submissionId, fc.constantFrom(1, 2)).map(([id, attempt]) => rejudged(id, attempt, 'why')),
  );

  it('ignores a duplicate delivery', async () => {
    const [history] = fc.sample(fc.array(event, { minLength: 10, maxLength: 14 }), { numRuns: 1, seed: 13 });
    await expectDuplicateDeliveryChangesNothing(testbed, auditEntriesProjection, history ?? [], snapshot);
  });

  it('leaves the same rows applied in batches of any size, each delivered twice, as event by event', async () => {
    await expectBatchEqualsOneByOne(testbed, auditEntriesProjection, fc.array(event, { maxLength: 14 }), snapshot, {
      numRuns: 10,
    });
  });

  it('builds incrementally the rows a rebuild from zero gives', async () => {
    await expectIncrementalEqualsRebuild(
      testbed,
      auditEntriesProjection,
      fc.array(event, { maxLength: 14 }),
      snapshot,
      {
        numRuns: 10,
      },
    );
  });
});
