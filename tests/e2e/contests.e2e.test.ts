import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPlusBProblemBody, logInThroughApi, registerAndLogIn } from '../support/journeys';
import { openLivePushes, type LivePushes } from '../support/live-pushes';
import { startTestStack, type TestStack } from '../support/stack';

const cppSum =
  '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << std::endl; return 0; }\n';
const pythonDifference = 'a, b = map(int, input().split())\nprint(a - b)\n';

const contestSum = { problemId: 'CSUM', title: 'Contest sum', languages: ['C++', 'Python3'] } as const;

interface RankRow {
  readonly uid: string;
  readonly username: string;
  readonly rank: number;
  readonly ac: number;
  readonly totalTime: number;
  readonly total: number;
  readonly submissionInfo: Record<string, Record<string, unknown>>;
}

describe('contests journey', () => {
  let stack: TestStack;
  let pushes: LivePushes;

  beforeAll(async () => {
    stack = await startTestStack({ judgeWorkers: 1 });
    pushes = await openLivePushes(stack);
  });
  afterAll(async () => {
    pushes?.close();
    await stack?.stop();
  });

  const signUp = (username: string) =>
    registerAndLogIn(stack, { username, password: 'secret1', email: `${username}@example.com` });

  const rank = async (cid: number, token: string, forceRefresh = false) => {
    const reply = await stack.request<{ records: RankRow[]; total: number }>('/api/get-contest-rank', {
      method: 'POST',
      token,
      body: { cid, currentPage: 1, limit: 50, forceRefresh, removeStar: false, concernedList: [], keyword: '' },
    });
    expect(reply.body.status).toBe(200);
    return reply.body.data;
  };

  /** Re-reads the board on every push of the contest's scoreboard topic until `settled` holds (no sleeps). */
  async function boardWhen(cid: number, token: string, settled: (rows: RankRow[]) => boolean) {
    const board = await pushes.readUntil(
      `contest-scoreboard:${cid}`,
      () => rank(cid, token, true),
      (board) => settled(board.records),
      token,
    );
    return board.records;
  }

  it('runs a sealed ACM contest: register with the password, submit, sealed vs live boards, rejudge and rebuild', async () => {
    const root = await logInThroughApi(stack, 'root', stack.rootPassword);
    const problem = await stack.request<{ pid: number }>('/api/admin/problem', {
      method: 'POST',
      token: root,
      body: aPlusBProblemBody(contestSum),
    });
    expect(problem.body.status).toBe(200);
    const pid = problem.body.data.pid;

    // Running for 90 minutes, 30 to go, sealed for the last hour: every submission now is after the seal.
    const now = Date.now();
    const endTime = new Date(now + 30 * 60_000).toISOString();
    const created = await stack.request('/api/admin/contest', {
      method: 'POST',
      token: root,
      body: {
        title: 'Journey Cup',
        type: 0,
        description: 'e2e',
        auth: 1,
        pwd: 'letmein',
        startTime: new Date(now - 90 * 60_000).toISOString(),
        endTime,
        duration: 7200,
        sealRank: true,
        sealRankTime: new Date(now + 30 * 60_000 - 3600_000).toISOString(),
        autoRealRank: true,
        openRank: true,
      },
    });
    expect(created.body).toMatchObject({ status: 200, msg: 'success', data: null });
    const list = await stack.request<{ records: { id: number; title: string }[] }>(
      '/api/admin/contest/get-contest-list?keyword=Journey',
      { token: root },
    );
    const cid = list.body.data.records.find((row) => row.title === 'Journey Cup')?.id ?? 0;
    expect(cid).toBeGreaterThan(0);
    const added = await stack.request('/api/admin/contest/add-problem-from-public', {
      method: 'POST',
      token: root,
      body: { pid, cid, displayId: 'A' },
    });
    expect(added.body.status).toBe(200);

    const alice = await signUp('alice');
    const bob = await signUp('bob');
    const wrong = await stack.request('/api/register-contest', {
      method: 'POST',
      token: alice,
      body: { cid, password: 'LetMeIn' },
    });
    expect(wrong.body).toMatchObject({ status: 400, msg: '比赛密码错误，请重新输入！' });
    const blocked = await stack.request('/api/get-contest-problem?cid=' + cid, { token: alice });
    expect(blocked.body.status).toBe(200); // openRank on and running: the list is public (§1.1)
    const rankBlocked = await stack.request('/api/get-contest-rank', { method: 'POST', token: alice, body: { cid } });
    expect(rankBlocked.body).toMatchObject({ status: 403, msg: '对不起，请先到比赛首页输入比赛密码进行注册！' });
    for (const token of [alice, bob]) {
      const registered = await stack.request('/api/register-contest', {
        method: 'POST',
        token,
        body: { cid, password: 'letmein' },
      });
      expect(registered.body).toMatchObject({ status: 200, data: null });
      const access = await stack.request<{ access: boolean }>(`/api/get-contest-access?cid=${cid}`, { token });
      expect(access.body.data).toEqual({ access: true });
    }

    const submit = async (token: string, language: string, code: string) => {
      const reply = await stack.request<{ submitId: number; status: number }>('/api/submit-problem-judge', {
        method: 'POST',
        token,
        body: { pid: 'A', language, code, cid, gid: null, tid: null, isRemote: false },
      });
      expect(reply.body).toMatchObject({ status: 200, data: { status: 5 } });
      return reply.body.data.submitId;
    };
    const aliceSubmission = await submit(alice, 'C++', cppSum);
    const bobSubmission = await submit(bob, 'Python3', pythonDifference);

    const live = await boardWhen(cid, root, (rows) => rows.length === 2);
    expect(live.map((row) => [row.username, row.rank, row.ac, row.total])).toEqual([
      ['alice', 1, 1, 1],
      ['bob', 2, 0, 1],
    ]);
    expect(live[0]?.submissionInfo.A).toMatchObject({ errorNum: 0, isAC: true, isFirstAC: true });
    expect(live[1]?.submissionInfo.A).toEqual({ errorNum: 1 });

    const details = await stack.request<{ problem: Record<string, unknown>; problemCount: Record<string, number> }>(
      `/api/get-contest-problem-details?cid=${cid}&displayId=A&containsEnd=true`,
      { token: bob },
    );
    expect(details.body.data.problem).toMatchObject({ id: pid, title: 'Contest sum', author: null, source: null });
    // Bob is sealed: counts stop at the seal, so both post-seal submissions are left out (§2.10, 2.21.2).
    expect(details.body.data.problemCount).toMatchObject({ total: 0, ac: 0 });
    const problems = await stack.request<{ displayId: string; ac: number; total: number }[]>(
      `/api/get-contest-problem?cid=${cid}`,
      { token: root },
    );
    expect(problems.body.data).toMatchObject([{ displayId: 'A', ac: 1, total: 2 }]);

    // A participant inside the seal sees tries, not verdicts (§2.10, worked example 2.21.2).
    const sealed = await rank(cid, alice);
    expect(sealed.records.map((row) => [row.username, row.rank, row.ac])).toEqual([
      ['alice', 1, 0],
      ['alice', 1, 0],
      ['bob', 1, 0],
    ]);
    expect(sealed.records[0]?.submissionInfo.A).toEqual({ errorNum: 0, tryNum: 1 });
    const statuses = await stack.request<Record<string, { status: number; score: number | null }>>(
      '/api/get-user-problem-status',
      { method: 'POST', token: alice, body: { pidList: [pid], isContestProblemList: true, cid, containsEnd: true } },
    );
    expect(statuses.body.data).toEqual({ [String(pid)]: { status: 0, score: null } });
    const polled = await stack.request<Record<string, { status: number }>>('/api/check-contest-submissions-status', {
      method: 'POST',
      token: alice,
      body: { submitIds: [aliceSubmission, bobSubmission], cid },
    });
    expect(Object.keys(polled.body.data)).toEqual([String(aliceSubmission)]);
    const listFor = async (token: string) =>
      (
        await stack.request<{ records: { username: string; time: number | null }[] }>(
          `/api/contest-submissions?contestID=${cid}&beforeContestSubmit=false&currentPage=1&limit=15&containsEnd=true`,
          { token },
        )
      ).body.data.records;
    // Sealed ACM participants see their own rows and others' only before the seal (§2.10).
    expect((await listFor(alice)).map((row) => row.username)).toEqual(['alice']);
    expect((await listFor(root)).map((row) => row.username)).toEqual(['bob', 'alice']);
    const outside = await stack.request<{ records: RankRow[] }>('/api/get-contest-outside-scoreboard', {
      method: 'POST',
      body: { cid, forceRefresh: true },
    });
    expect(outside.body.data.records.map((row) => row.ac)).toEqual([0, 0]);

    // New test data turns the C++ AC into WA; a contest problem rejudge moves the board.
    const edited = await stack.request('/api/admin/problem', {
      method: 'PUT',
      token: root,
      body: aPlusBProblemBody({ ...contestSum, id: pid, expectedOutput: '4\n' }),
    });
    expect(edited.body.status).toBe(200);
    const rejudged = await stack.request(`/api/admin/judge/rejudge-contest-problem?cid=${cid}&pid=${pid}`, {
      token: root,
    });
    expect(rejudged.body).toMatchObject({ status: 200, msg: '重判成功！该题目对应的全部提交已进入判题队列！' });
    const after = await boardWhen(
      cid,
      root,
      (rows) => rows.length === 2 && rows.every((row) => row.submissionInfo.A?.errorNum === 1),
    );
    expect(after.map((row) => [row.username, row.rank, row.ac])).toEqual([
      ['alice', 1, 0],
      ['bob', 1, 0],
    ]);

    const sealedBefore = (await rank(cid, alice)).records;
    const env = { ...process.env, DATABASE_URL: stack.databaseUrl, DATA_DIR: stack.dataDir };
    for (const name of ['acm-scoreboard', 'sealed-acm-scoreboard']) {
      await promisify(execFile)('npx', ['tsx', 'services/projector/src/rebuild-cli.ts', name], { env });
    }
    expect((await rank(cid, root, true)).records).toEqual(after);
    expect((await rank(cid, alice)).records).toEqual(sealedBefore);
  });
});
