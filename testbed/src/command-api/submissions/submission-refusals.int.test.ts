import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contestStream, problemStream, submissionStream } from '@oj/events';
import {
  aContestCreated,
  aContestProblemAdded,
  aContestantRegistered,
  aJudgeStarted,
  aProblemCreated,
  aProblemDefinition,
  aSubmissionCreated,
  aSubmissionJudged,
} from '@oj/events/testing';
import { awaitProjections } from '@oj/platform';
import { startApiHarness, type ApiHarness } from '../api-harness';
import { seedAccounts, logInAll } from '../account-seeding';
import { submissionMessages } from '@oj/command/testing';
import { contestSubmitMessages } from '@oj/command/testing';

const cppCode = '#include <cstdio>\nint main(){int a,b;std::scanf("%d%d",&a,&b);std::printf("%d\\n",a+b);return 0;}\n';
/** Contest 1 (public, visible) runs 10:00–15:00 and links the contest-only problem SECRET-A1 as "A". */
const duringContest = new Date('2026-01-10T11:00:00.000Z');

describe('submission refusals over HTTP (security F4, F6, F13): envelope, status, nothing appended', () => {
  let harness: ApiHarness;
  let instant = duringContest;
  const clock = { now: () => instant };
  const tokens = new Map<string, string>();
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, who?: string, payload?: unknown) => {
    const reply = await harness.app.inject({
      method,
      url,
      headers: who ? { authorization: tokens.get(who) ?? '' } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { http: reply.statusCode, body: reply.json() as { status: number; msg: string; data: never } };
  };
  const submit = (who: string, pid: string, cid = 0) =>
    call('POST', '/api/submit-problem-judge', who, { pid, language: 'C++', code: cppCode, cid, isRemote: false });
  const append = async (stream: string, type: string, data: unknown) => {
    const { position } = await harness.store.append(stream, [{ id: randomUUID(), type, data }]);
    await awaitProjections(harness.pool, position, { timeoutMs: 20_000 });
  };
  /** Expects a refusal in HOJ's envelope and that the store holds no new event afterwards. */
  const expectRefused = async (request: () => Promise<{ body: unknown }>, status: number, msg: string) => {
    const before = await harness.eventCount();
    expect((await request()).body).toEqual({ status, msg, data: null });
    expect(await harness.eventCount()).toBe(before);
  };
  /** A practice submission of problem 1001 that the judge could not finish (SF) or judged (WA). */
  const endedRun = async (submissionId: number, userId: string, username: string, status: 'SF' | 'WA') => {
    const stream = submissionStream(submissionId);
    const created = aSubmissionCreated({ submissionId, userId, username, problemId: 1001, problemDisplayId: '1001' });
    await append(stream, 'SubmissionCreated', created);
    await append(stream, 'JudgeStarted', aJudgeStarted({ submissionId }));
    await append(stream, 'SubmissionJudged', aSubmissionJudged({ submissionId, status, errorMessage: null }));
  };

  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'), { clock });
    await seedAccounts(harness, [
      ['u-alice', 'alice'],
      ['u-bob', 'bob'],
      ['u-carol', 'carol'],
      ['u-erin', 'erin'],
      ['u-mute', 'mute', 'no_subimit_user'],
    ]);
    const problems = [
      { problemId: 1000, displayId: 'SECRET-A1', auth: 3, codeShare: true },
      { problemId: 1001, displayId: '1001', auth: 1, codeShare: true },
      { problemId: 1002, displayId: '1002', auth: 1, codeShare: false },
    ] as const;
    for (const { problemId, ...definition } of problems) {
      const created = aProblemCreated({ problemId, definition: aProblemDefinition(definition) });
      await append(problemStream(problemId), created.type, created.data);
    }
    await append(contestStream(1), 'ContestCreated', aContestCreated({ contestId: 1 }));
    await append(contestStream(1), 'ContestProblemAdded', aContestProblemAdded({ contestId: 1, problemId: 1000 }));
    await append(contestStream(1), 'ContestantRegistered', aContestantRegistered({ contestId: 1, userId: 'u-alice' }));
    await append(contestStream(2), 'ContestCreated', aContestCreated({ contestId: 2 }));
    await append(
      contestStream(2),
      'ContestProblemAdded',
      aContestProblemAdded({ contestId: 2, contestProblemId: 2, problemId: 1001 }),
    );
    await append(contestStream(2), 'ContestVisibilityChanged', {
      contestId: 2,
      visible: false,
      changedBy: 'root-uid',
      changedAt: '2026-01-02T00:00:00.000Z',
    });
    for (const [who, token] of await logInAll(harness, ['root', 'alice', 'bob', 'carol', 'erin', 'mute']))
      tokens.set(who, token);
  });
  afterAll(async () => {
    await harness.close();
  });

  it('F4: refuses a practice submission of a contest-only problem while its contest runs; root may still submit', async () => {
    await expectRefused(() => submit('alice', 'SECRET-A1'), 403, submissionMessages.contestOnlyProblem['zh-CN']);
    expect((await submit('root', 'SECRET-A1')).body).toMatchObject({ status: 200, data: { displayPid: 'SECRET-A1' } });
  });

  it('F4: the contest submit reply names the contest display id and never the bank problem', async () => {
    const reply = await submit('alice', 'A', 1);
    expect(reply.body).toMatchObject({ status: 200, data: { cid: 1, displayPid: 'A', pid: 0 } });
    expect(JSON.stringify(reply.body)).not.toContain('SECRET-A1');
    expect(JSON.stringify(reply.body)).not.toContain('1000');
  });

  it('F4, F20: PUT /api/submission refuses to share where the problem forbids it, and contest-only code even after the contest', async () => {
    const submitId = (await submit('carol', '1002')).body as { data: { submitId: number } };
    await expectRefused(
      () => call('PUT', '/api/submission', 'carol', { submitId: submitId.data.submitId, share: true }),
      403,
      submissionMessages.shareNotAllowed['zh-CN'],
    );
    instant = new Date('2026-01-10T15:00:00.000Z');
    const late = (await submit('bob', 'SECRET-A1')).body as { status: number; data: { submitId: number } };
    expect(late.status).toBe(200);
    await expectRefused(
      () => call('PUT', '/api/submission', 'bob', { submitId: late.data.submitId, share: true }),
      403,
      submissionMessages.shareHiddenProblem['zh-CN'],
    );
    instant = duringContest;
  });

  it('F13: refuses a submission to an invisible contest as a missing contest; root may still submit', async () => {
    await expectRefused(() => submit('bob', 'A', 2), 404, contestSubmitMessages.contestMissing['zh-CN']);
    expect((await submit('root', 'A', 2)).body).toMatchObject({ status: 200, data: { cid: 2, displayPid: 'A' } });
  });

  it('F6: GET /api/resubmit takes only SF and SE rows, the submit permission and the shared submit window', async () => {
    instant = new Date('2026-01-11T00:00:00.000Z');
    await endedRun(900001, 'u-erin', 'erin', 'WA');
    await endedRun(900002, 'u-erin', 'erin', 'SF');
    await endedRun(900003, 'u-erin', 'erin', 'SF');
    await endedRun(900004, 'u-mute', 'mute', 'SF');
    await expectRefused(
      () => call('GET', '/api/resubmit?submitId=900001', 'erin'),
      403,
      submissionMessages.resubmitNotFailed['zh-CN'],
    );
    const resubmitted = await call('GET', '/api/resubmit?submitId=900002', 'erin');
    expect(resubmitted.body).toMatchObject({ status: 200, data: { submitId: 900002, status: 5, version: 1 } });
    // Pending again: a second resubmit is refused for its status before it could spend the window.
    await expectRefused(
      () => call('GET', '/api/resubmit?submitId=900002', 'erin'),
      403,
      submissionMessages.resubmitNotFailed['zh-CN'],
    );
    await expectRefused(
      () => call('GET', '/api/resubmit?submitId=900003', 'erin'),
      403,
      submissionMessages.submitTooFast['zh-CN'],
    );
    await expectRefused(() => submit('erin', '1001'), 403, submissionMessages.submitTooFast['zh-CN']);
    const before = await harness.eventCount();
    expect((await call('GET', '/api/resubmit?submitId=900004', 'mute')).http).toBe(403);
    expect(await harness.eventCount()).toBe(before);

    instant = new Date('2026-01-11T00:00:09.000Z');
    const switchedOff = await call('PUT', '/api/admin/switch/update', 'root', { openPublicJudge: false });
    expect(switchedOff.body).toMatchObject({ status: 200 });
    await expectRefused(
      () => call('GET', '/api/resubmit?submitId=900003', 'erin'),
      403,
      submissionMessages.publicJudgeClosed['zh-CN'],
    );
    await call('PUT', '/api/admin/switch/update', 'root', { openPublicJudge: true });
    expect((await call('GET', '/api/resubmit?submitId=900003', 'erin')).body).toMatchObject({ status: 200 });
  });
});
