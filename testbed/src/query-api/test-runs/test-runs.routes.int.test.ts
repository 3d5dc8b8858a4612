import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testRunStream, userStream, type TestRunJudged, type TestRunRequested } from '@oj/events';
import { aUserRegistered, someJudgeSettings } from '@oj/events/testing';
import { startQueryApi, type QueryApiHarness, type TestEvent } from '../query-api-harness';

const owner = 'a'.repeat(32);
const stranger = 'b'.repeat(32);
const keyOf = (index: number) => `TEST_JUDGE_${index.toString(16).padStart(32, '0')}`;
const at = (seconds: number) => new Date(Date.parse('2026-05-01T00:00:00.000Z') + seconds * 1000);
const missing = '查询错误！当前在线调试任务不存在！';

function requested(index: number, seconds: number): TestEvent {
  const data: TestRunRequested = {
    testRunKey: keyOf(index),
    userId: owner,
    problemId: 1000,
    language: 'Python3',
    code: 'print(input())',
    input: `${index}`,
    expectedOutput: `${index}`,
    judge: someJudgeSettings(),
    requestedAt: at(seconds).toISOString(),
  };
  return { stream: testRunStream(keyOf(index)), type: 'TestRunRequested', data };
}

function judged(index: number, seconds: number): TestEvent {
  const data: TestRunJudged = {
    testRunKey: keyOf(index),
    status: 'AC',
    timeMs: 5,
    memoryKib: 1024,
    userOutput: `${index}\n`,
    stderr: '',
    judger: 'judge-1',
    judgedAt: at(seconds).toISOString(),
  };
  return { stream: testRunStream(keyOf(index)), type: 'TestRunJudged', data };
}

/**
 * Run 1 judged at 2 s, run 2 still pending since 10 s, run 3 judged at 3 s but swept by run 4 (requested at
 * 100 s, 97 s after run 3's result): the query must say "not found" once a lifetime is over, swept or not.
 */
const history: TestEvent[] = [
  { stream: userStream(owner), ...aUserRegistered({ userId: owner, username: 'owner', email: 'o@example.com' }) },
  {
    stream: userStream(stranger),
    ...aUserRegistered({ userId: stranger, username: 'stranger', email: 's@example.com' }),
  },
  requested(3, 0),
  judged(3, 3),
  requested(4, 100),
  requested(1, 100),
  judged(1, 102),
  requested(2, 110),
];

describe('GET /api/get-test-judge-result and the lifetimes of test runs', () => {
  let api: QueryApiHarness;
  let now = at(120);
  beforeAll(async () => {
    api = await startQueryApi(inject('databaseUrl'), { history, clock: { now: () => now } });
  });
  afterAll(async () => {
    await api.close();
  });
  const result = (index: number, as = owner) =>
    api.inject({ url: `/api/get-test-judge-result?testJudgeKey=${keyOf(index)}`, as }).then((reply) => reply.json());

  it('answers the owner with the result while it lives, pending as status 5, and nobody else', async () => {
    now = at(120);
    expect(await result(1)).toMatchObject({ status: 200, data: { status: 0, userOutput: '1\n', time: 5 } });
    expect(await result(2)).toMatchObject({ status: 200, data: { status: 5, userOutput: null } });
    expect(await result(1, stranger)).toMatchObject({ status: 400, msg: missing });
  });

  it('answers "not found" for a run the projection swept, even to a clock behind the events', async () => {
    // At 50 s run 3's result would be 47 s old, still alive by the query's own check: only the sweep removed it.
    now = at(50);
    expect(await result(3)).toMatchObject({ status: 400, msg: missing });
  });

  it('answers "not found" once a lifetime is over, before any sweep: 60 s after the result, 600 s pending', async () => {
    now = at(162);
    expect(await result(1)).toMatchObject({ status: 200 });
    now = at(163);
    expect(await result(1)).toMatchObject({ status: 400, msg: missing });
    now = at(710);
    expect(await result(2)).toMatchObject({ status: 200, data: { status: 5 } });
    now = at(711);
    expect(await result(2)).toMatchObject({ status: 400, msg: missing });
  });
});
