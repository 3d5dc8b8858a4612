import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { problemStream, submissionStream } from '@oj/events';
import { aProblemCreated, aProblemDefinition, aSubmissionCreated, aSubmissionJudged } from '@oj/events/testing';
import { awaitProjections } from '@oj/platform';
import { logInAsRoot } from '../root-session';
import { startApiHarness, type ApiHarness } from '../api-harness';

/** Issue 13 item 2: the admin judge calls take an optional reason and record it in their event for the audit trail. */
describe('admin rejudge, manual verdict and cancellation with a reason', () => {
  let harness: ApiHarness;
  let rootToken: string;
  const submissionId = 4242;

  const call = async (url: string) => {
    const reply = await harness.app.inject({ method: 'GET', url, headers: { authorization: rootToken } });
    return reply.json() as { status: number; msg: string };
  };
  const append = async (stream: string, type: string, data: unknown) => {
    const { position } = await harness.store.append(stream, [{ id: randomUUID(), type, data }]);
    await awaitProjections(harness.pool, position, { timeoutMs: 20_000 });
  };
  const lastEvent = async () => (await harness.store.readStream(submissionStream(submissionId))).at(-1);

  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
    rootToken = await logInAsRoot(harness);
    const problem = aProblemCreated({ problemId: 1000, definition: aProblemDefinition({ displayId: '1000' }) });
    await append(problemStream(1000), problem.type, problem.data);
    await append(
      submissionStream(submissionId),
      'SubmissionCreated',
      aSubmissionCreated({ submissionId, problemId: 1000 }),
    );
    await append(submissionStream(submissionId), 'SubmissionJudged', aSubmissionJudged({ submissionId, status: 'WA' }));
  });
  afterAll(async () => {
    await harness.close();
  });

  it('records the reason of a rejudge, with the actor and address in the metadata', async () => {
    const reason = 'checker fixed: trailing spaces';
    const reply = await call(`/api/admin/judge/rejudge?submitId=${submissionId}&reason=${encodeURIComponent(reason)}`);
    expect(reply.status).toBe(200);
    const event = await lastEvent();
    expect(event).toMatchObject({ type: 'SubmissionRejudgeRequested', data: { reason } });
    expect(event?.metadata.actorId).toBeTruthy();
    expect(event?.metadata.clientIp).toBeTruthy();
  });

  it('records no reason when none is given (HOJ client), and refuses one past 500 characters appending nothing', async () => {
    await append(
      submissionStream(submissionId),
      'SubmissionJudged',
      aSubmissionJudged({ submissionId, attempt: 1, status: 'WA' }),
    );
    expect((await call(`/api/admin/judge/manual-judge?submitId=${submissionId}&status=0`)).status).toBe(200);
    expect((await lastEvent())?.data).not.toHaveProperty('reason');
    const before = (await harness.store.readStream(submissionStream(submissionId))).length;
    const tooLong = await call(
      `/api/admin/judge/manual-judge?submitId=${submissionId}&status=-1&reason=${'x'.repeat(501)}`,
    );
    expect(tooLong.status).toBe(400);
    expect((await harness.store.readStream(submissionStream(submissionId))).length).toBe(before);
  });

  it('records the reason of a manual verdict and of a cancellation', async () => {
    await call(`/api/admin/judge/manual-judge?submitId=${submissionId}&status=-1&reason=plagiarism`);
    expect(await lastEvent()).toMatchObject({ type: 'SubmissionVerdictSetManually', data: { reason: 'plagiarism' } });
    await call(`/api/admin/judge/rejudge?submitId=${submissionId}`);
    await call(`/api/admin/judge/cancel-judge?submitId=${submissionId}&reason=${encodeURIComponent('judge down')}`);
    expect(await lastEvent()).toMatchObject({ type: 'SubmissionCancelled', data: { reason: 'judge down' } });
  });
});
