import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contestStream, problemStream, rejudgingStream, submissionStream, type SubmissionVerdict } from '@oj/events';
import {
  aContestCreated,
  aContestProblemAdded,
  aProblemCreated,
  aProblemDefinition,
  aRejudgingSubmissionJudged,
  aSubmissionCreated,
  aSubmissionJudged,
  someContestSettings,
} from '@oj/events/testing';
import { awaitProjections } from '@oj/platform';
import { logInAsRoot } from '../root-session';
import { startApiHarness, type ApiHarness } from '../api-harness';

interface Envelope<Data = unknown> {
  status: number;
  msg: string;
  data: Data;
}

/** Issue 13 item 4: stage, progress, diff, apply and discard over HTTP, on the real store and projector. */
describe('staged rejudges (/api/admin/rejudgings)', () => {
  let harness: ApiHarness;
  let rootToken: string;

  const append = async (stream: string, type: string, data: unknown) => {
    const { position } = await harness.store.append(stream, [{ id: randomUUID(), type, data }]);
    await awaitProjections(harness.pool, position, { timeoutMs: 20_000 });
  };
  const post = async <Data>(url: string, payload: unknown) =>
    (
      await harness.app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: { authorization: rootToken },
      })
    ).json() as Envelope<Data>;
  const get = async <Data>(url: string) =>
    (await harness.app.inject({ method: 'GET', url, headers: { authorization: rootToken } })).json() as Envelope<Data>;
  const live = () =>
    harness.db
      .selectFrom('submissions')
      .select(['submission_id', 'attempt', 'status'])
      .orderBy('submission_id')
      .execute();
  const judgeStaged = async (rejudgingId: string, submissionId: number, status: SubmissionVerdict) =>
    append(
      rejudgingStream(rejudgingId),
      'RejudgingSubmissionJudged',
      aRejudgingSubmissionJudged({ rejudgingId, submissionId, status }),
    );

  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
    rootToken = await logInAsRoot(harness);
    const problem = aProblemCreated({ problemId: 1000, definition: aProblemDefinition({ displayId: '1000' }) });
    await append(problemStream(1000), problem.type, problem.data);
    for (const [submissionId, status] of [
      [1, 'WA'],
      [2, 'AC'],
      [3, 'WA'],
    ] as const) {
      await append(
        submissionStream(submissionId),
        'SubmissionCreated',
        aSubmissionCreated({ submissionId, problemId: 1000 }),
      );
      await append(submissionStream(submissionId), 'SubmissionJudged', aSubmissionJudged({ submissionId, status }));
    }
  });
  afterAll(async () => {
    await harness.close();
  });

  it('refuses a blank or too long reason and an empty selection, appending nothing', async () => {
    const before = await harness.eventCount();
    expect((await post('/api/admin/rejudgings', { pid: 1000, reason: '  ' })).status).toBe(400);
    expect((await post('/api/admin/rejudgings', { pid: 1000, reason: 'x'.repeat(501) })).status).toBe(400);
    const none = await post('/api/admin/rejudgings', { pid: 1000, status: 'TLE', reason: 'nothing is TLE' });
    expect(none).toMatchObject({ status: 400, msg: '没有符合条件的已评测提交可以重判！' });
    expect(await harness.eventCount()).toBe(before);
  });

  it('stages the selection unseen, shows its progress and diff, applies it once and moves the live rows', async () => {
    const rowsBefore = await live();
    const staged = await post<{ id: string; total: number }>('/api/admin/rejudgings', {
      pid: 1000,
      status: 'WA',
      reason: 'test data fixed',
    });
    expect(staged).toMatchObject({ status: 200, data: { total: 2 } });
    const id = staged.data.id;
    expect((await post(`/api/admin/rejudgings/apply`, { id })).status).toBe(400);

    await judgeStaged(id, 1, 'AC');
    await judgeStaged(id, 3, 'WA');
    expect(await live()).toEqual(rowsBefore);
    const detail = await get<{
      rejudging: { state: string; judged: number };
      items: { submitId: number; changed: boolean; new: { status: string } }[];
    }>(`/api/admin/rejudgings/detail?id=${id}`);
    expect(detail.data.rejudging).toMatchObject({ state: 'judged', judged: 2 });
    expect(detail.data.items).toMatchObject([
      { submitId: 1, changed: true, new: { status: 'AC' } },
      { submitId: 3, changed: false, new: { status: 'WA' } },
    ]);

    expect(await post('/api/admin/rejudgings/apply', { id, reason: 'checked the diff' })).toMatchObject({
      status: 200,
    });
    expect(await live()).toMatchObject([
      { submission_id: 1, attempt: 0, status: 'AC' },
      { submission_id: 2, status: 'AC' },
      { submission_id: 3, status: 'WA' },
    ]);
    const list = await get<{ records: { id: string; state: string }[] }>('/api/admin/rejudgings');
    expect(list.data.records).toContainEqual(expect.objectContaining({ id, state: 'applied' }));
    const events = (await harness.store.readStream(rejudgingStream(id))).length;
    expect((await post('/api/admin/rejudgings/apply', { id })).msg).toBe('该重判已应用，不能再次应用或丢弃！');
    expect((await post('/api/admin/rejudgings/discard', { id })).status).toBe(400);
    expect((await harness.store.readStream(rejudgingStream(id))).length).toBe(events);
  });

  it('discards a rejudging for good: it cannot be applied afterwards', async () => {
    const staged = await post<{ id: string }>('/api/admin/rejudgings', { pid: 1000, reason: 'try' });
    const id = staged.data.id;
    expect(await post('/api/admin/rejudgings/discard', { id })).toMatchObject({ status: 200 });
    expect((await post('/api/admin/rejudgings/apply', { id })).msg).toBe('该重判已丢弃，不能应用或再次丢弃！');
    expect((await get(`/api/admin/rejudgings/detail?id=${id}`)).data).toMatchObject({
      rejudging: { state: 'discarded' },
    });
  });

  it('answers an unknown rejudging with 404', async () => {
    const unknown = randomUUID();
    expect((await post('/api/admin/rejudgings/apply', { id: unknown })).status).toBe(404);
    expect((await get(`/api/admin/rejudgings/detail?id=${unknown}`)).status).toBe(404);
  });

  it('shows the contest board before and after: places, solved counts and who solved first', async () => {
    const startMs = Date.now() - 3_600_000;
    const at = (seconds: number) => new Date(startMs + seconds * 1000).toISOString();
    const settings = someContestSettings({ startAt: at(0), endAt: at(7200), durationSeconds: 7200 });
    await append(contestStream(9), 'ContestCreated', aContestCreated({ contestId: 9, settings }));
    await append(contestStream(9), 'ContestProblemAdded', aContestProblemAdded({ contestId: 9, problemId: 1000 }));
    for (const [submissionId, userId, seconds, status] of [
      [21, 'u-alice', 60, 'WA'],
      [22, 'u-bob', 120, 'AC'],
    ] as const) {
      const created = aSubmissionCreated({
        submissionId,
        problemId: 1000,
        contestId: 9,
        contestProblemId: 1,
        userId,
        username: userId.slice(2),
        submittedAt: at(seconds),
      });
      await append(submissionStream(submissionId), 'SubmissionCreated', created);
      await append(submissionStream(submissionId), 'SubmissionJudged', aSubmissionJudged({ submissionId, status }));
    }
    const staged = await post<{ id: string; total: number }>('/api/admin/rejudgings', { cid: 9, reason: 'board' });
    expect(staged.data.total).toBe(2);
    await judgeStaged(staged.data.id, 21, 'AC');
    await judgeStaged(staged.data.id, 22, 'AC');
    const detail = await get<{ board: { moves: unknown[]; firstBlood: unknown[] } }>(
      `/api/admin/rejudgings/detail?id=${staged.data.id}`,
    );
    expect(detail.data.board.moves).toEqual([
      {
        uid: 'u-alice',
        username: 'alice',
        before: { rank: 2, ac: 0, score: 0, penalty: 0, award: null },
        after: { rank: 1, ac: 1, score: 0, penalty: 60, award: null },
      },
      {
        uid: 'u-bob',
        username: 'bob',
        before: { rank: 1, ac: 1, score: 0, penalty: 120, award: null },
        after: { rank: 2, ac: 1, score: 0, penalty: 120, award: null },
      },
    ]);
    expect(detail.data.board.firstBlood).toEqual([{ displayId: 'A', before: 'bob', after: 'alice' }]);
  });
});
