import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contestStream, problemStream } from '@oj/events';
import {
  aContestCreated,
  aContestProblemAdded,
  aContestantRegistered,
  aProblemCreated,
  aProblemDefinition,
} from '@oj/events/testing';
import { awaitProjections } from '@oj/platform';
import { startApiHarness, type ApiHarness } from '../api-harness';
import { seedAccounts, logInAll } from '../account-seeding';
import { testRunMessages } from '@oj/command/testing';

/** Contest 1 (protected: registration needed to submit) runs 10:00–15:00 and links contest-only problem 1000. */
const duringContest = new Date('2026-01-10T11:00:00.000Z');

describe('POST /api/submit-problem-test-judge refusals (security F4, F20): envelope, status, nothing appended', () => {
  let harness: ApiHarness;
  const tokens = new Map<string, string>();
  const testRun = async (who: string, pid: number) => {
    const reply = await harness.app.inject({
      method: 'POST',
      url: '/api/submit-problem-test-judge',
      headers: { authorization: tokens.get(who) ?? '' },
      payload: {
        pid,
        type: 'public',
        language: 'Python3',
        code: 'print(input())',
        userInput: '1',
        isRemoteJudge: false,
      },
    });
    return reply.json() as { status: number; msg: string; data: unknown };
  };
  const expectRefused = async (who: string, pid: number, status: number, msg: string) => {
    const before = await harness.eventCount();
    expect(await testRun(who, pid)).toEqual({ status, msg, data: null });
    expect(await harness.eventCount()).toBe(before);
  };
  const append = async (stream: string, type: string, data: unknown) => {
    const { position } = await harness.store.append(stream, [{ id: randomUUID(), type, data }]);
    await awaitProjections(harness.pool, position, { timeoutMs: 20_000 });
  };

  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'), { clock: { now: () => duringContest } });
    await seedAccounts(harness, [
      ['u-alice', 'alice'],
      ['u-bob', 'bob'],
      ['u-carol', 'carol'],
    ]);
    for (const [problemId, displayId, auth] of [
      [1000, 'SECRET-A1', 3],
      [1001, 'HIDDEN-1', 2],
    ] as const) {
      const created = aProblemCreated({ problemId, definition: aProblemDefinition({ displayId, auth }) });
      await append(problemStream(problemId), created.type, created.data);
    }
    const contest = aContestCreated({ contestId: 1 });
    await append(contestStream(1), 'ContestCreated', { ...contest, settings: { ...contest.settings, auth: 2 } });
    await append(contestStream(1), 'ContestProblemAdded', aContestProblemAdded({ contestId: 1, problemId: 1000 }));
    await append(contestStream(1), 'ContestantRegistered', aContestantRegistered({ contestId: 1, userId: 'u-alice' }));
    for (const [who, token] of await logInAll(harness, ['root', 'alice', 'bob', 'carol'])) tokens.set(who, token);
  });
  afterAll(async () => {
    await harness.close();
  });

  it('F20: answers a test run of a hidden problem as a missing problem; root may run it', async () => {
    await expectRefused('bob', 1001, 400, testRunMessages.problemMissing['zh-CN']);
    expect(await testRun('root', 1001)).toMatchObject({ status: 200, data: expect.stringMatching(/^TEST_JUDGE_/) });
  });

  it('F4, F20: refuses a test run of a contest-only problem to a user outside its running contest; its contestant may run', async () => {
    await expectRefused('carol', 1000, 403, testRunMessages.contestOnlyProblem['zh-CN']);
    expect(await testRun('alice', 1000)).toMatchObject({ status: 200, data: expect.stringMatching(/^TEST_JUDGE_/) });
  });
});
