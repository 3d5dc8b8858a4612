import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPlusBProblemBody, liftSubmitInterval, logInThroughApi, registerAndLogIn } from '../support/journeys';
import { openLivePushes, type LivePushes } from '../support/live-pushes';
import { startTestStack, type TestStack } from '../support/stack';

const pending = 5;
const inProgress = new Set([pending, 6, 7]);
const accepted = 0;
const wrongAnswer = -1;
const compileError = -2;

const sources = {
  cppAc:
    '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << std::endl; return 0; }\n',
  pythonWa: 'a, b = map(int, input().split())\nprint(a - b)\n',
  cCe: '#include <stdio.h>\nint main(void) { this is not C; return 0; }\n',
};

const sumOfTwo = { problemId: 'SUB1', title: 'Sum of two', languages: ['C++', 'Python3', 'C'] } as const;

describe('submissions journey', () => {
  let stack: TestStack;
  let pushes: LivePushes;
  let sam = '';
  let pid = 0;

  beforeAll(async () => {
    stack = await startTestStack({ judgeWorkers: 1 });
    pushes = await openLivePushes(stack);
  });
  afterAll(async () => {
    pushes?.close();
    await stack?.stop();
  });

  /** Waits for the test run to finish, re-reading on every live push. */
  async function testRunResult(key: string) {
    const reply = await pushes.readUntil(
      `test-run:${key}`,
      () =>
        stack.request<{ status: number; userOutput: string | null; userInput: string | null }>(
          `/api/get-test-judge-result?testJudgeKey=${key}`,
          { token: sam },
        ),
      (reply) => reply.body.data.status !== 5,
    );
    return reply.body;
  }

  /** Waits for the submission to leave Pending/Compiling/Judging: re-reads on every live push, no sleeps. */
  async function verdictOf(submitId: number): Promise<number> {
    const statusNow = async () => {
      const polled = await stack.request<Record<string, { status: number }>>('/api/check-submissions-status', {
        method: 'POST',
        body: { submitIds: [submitId], cid: 0 },
      });
      return polled.body.data[String(submitId)]?.status ?? pending; // not listed yet: still waiting
    };
    return pushes.readUntil(`submission:${submitId}`, statusNow, (status) => !inProgress.has(status));
  }

  it('judges C++ AC, Python WA and C CE; a rejudge after new test data turns the AC into WA and counts follow', async () => {
    const root = await logInThroughApi(stack, 'root', stack.rootPassword);
    // One user submits three times in a row: lift the 8 s submit interval for the journey.
    await liftSubmitInterval(stack, root);
    const created = await stack.request<{ pid: number; problemId: string }>('/api/admin/problem', {
      method: 'POST',
      token: root,
      body: aPlusBProblemBody(sumOfTwo),
    });
    expect(created.body).toMatchObject({ status: 200, data: { problemId: 'SUB1' } });
    pid = created.body.data.pid;

    sam = await registerAndLogIn(stack, { username: 'sam', password: 'secret1', email: 'sam@example.com' });

    const submit = async (language: string, source: string) => {
      const reply = await stack.request<{ submitId: number; status: number }>('/api/submit-problem-judge', {
        method: 'POST',
        token: sam,
        body: { pid: 'SUB1', language, code: source, cid: 0, gid: null, tid: null, isRemote: false },
      });
      expect(reply.body).toMatchObject({ status: 200, data: { status: 5 } });
      return reply.body.data.submitId;
    };
    const cpp = await submit('C++', sources.cppAc);
    const python = await submit('Python3', sources.pythonWa);
    const c = await submit('C', sources.cCe);
    expect(await verdictOf(cpp)).toBe(accepted);
    expect(await verdictOf(python)).toBe(wrongAnswer);
    expect(await verdictOf(c)).toBe(compileError);

    const solved = async () =>
      (
        await stack.request<Record<string, { status: number }>>('/api/get-user-problem-status', {
          method: 'POST',
          token: sam,
          body: { pidList: [pid], isContestProblemList: false },
        })
      ).body.data[String(pid)]?.status;
    const solvedList = async () =>
      (await stack.request<{ solvedList: string[] }>('/api/get-user-home-info?username=sam')).body.data.solvedList;
    const acCount = async () =>
      (
        await stack.request<{ problemCount: { ac: number; wa: number; total: number } }>(
          `/api/get-problem-detail?problemId=SUB1`,
        )
      ).body.data.problemCount;
    expect(await solved()).toBe(accepted);
    expect(await solvedList()).toEqual(['SUB1']);
    expect(await acCount()).toMatchObject({ total: 3, ac: 1, wa: 1 });
    const mine = await stack.request<{ records: { submitId: number }[] }>(
      '/api/get-submission-list?onlyMine=true&currentPage=1&limit=15',
      { token: sam },
    );
    expect(mine.body.data.records.map((row) => row.submitId)).toEqual([c, python, cpp]);

    const edited = await stack.request('/api/admin/problem', {
      method: 'PUT',
      token: root,
      body: aPlusBProblemBody({ ...sumOfTwo, expectedOutput: '4\n', id: pid }),
    });
    expect(edited.body.status).toBe(200);
    const rejudged = await stack.request(`/api/admin/judge/rejudge?submitId=${cpp}`, { token: root });
    expect(rejudged.body).toMatchObject({ status: 200, data: { status: 5 } });
    expect(await verdictOf(cpp)).toBe(wrongAnswer);
    // No AC left, so the newest row speaks: the C compile error (api-core §3).
    expect(await solved()).toBe(compileError);
    expect(await solvedList()).toEqual([]);
    expect(await acCount()).toMatchObject({ total: 3, ac: 0, wa: 2 });
    const cases = await stack.request<{ judgeCaseList: { status: number }[] }>(
      `/api/get-all-case-result?submitId=${cpp}`,
    );
    expect(cases.body.data.judgeCaseList.map((one) => one.status)).toEqual([wrongAnswer]);
  });

  it('runs custom input as a test run without touching the submission history', async () => {
    const before = await stack.request<{ total: number }>('/api/get-submission-list?onlyMine=false&currentPage=1');
    const started = await stack.request<string>('/api/submit-problem-test-judge', {
      method: 'POST',
      token: sam,
      body: {
        pid,
        type: 'public',
        language: 'Python3',
        code: 'a, b = map(int, input().split())\nprint(a + b)\n',
        userInput: '5 7',
        expectedOutput: '12',
        mode: 'text/x-python',
        isRemoteJudge: false,
      },
    });
    expect(started.body).toMatchObject({ status: 200, msg: 'success' });
    expect(started.body.data).toMatch(/^TEST_JUDGE_[0-9a-f]{32}$/);
    const result = await testRunResult(started.body.data);
    expect(result).toMatchObject({ status: 200, data: { status: accepted, userInput: '5 7', userOutput: '12\n' } });
    const after = await stack.request<{ total: number }>('/api/get-submission-list?onlyMine=false&currentPage=1');
    expect(after.body.data.total).toBe(before.body.data.total);
  });
});
