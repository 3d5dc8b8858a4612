import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../api-harness';
import { logInAsRoot } from '../root-session';
import { aPlusBBody, loginAs } from '../problem-api';

const hour = 3600_000;
type Reply = { status: number; msg: string; data: never };

describe('problems created and edited inside a contest (POST|PUT /api/admin/contest/problem)', () => {
  let harness: ApiHarness;
  let root: string;
  let owner: string;
  let otherAdmin: string;
  let problemAdmin: string;
  let user: string;
  const contests = { acm: 0, oi: 0 };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object) =>
    harness.app
      .inject({ method, url, ...(token ? { headers: { authorization: token } } : {}), ...(payload ? { payload } : {}) })
      .then((reply) => reply.json() as Reply);
  const createContest = async (title: string, type: 0 | 1, token: string) => {
    const now = Date.now();
    const form = { title, type, description: 'd', auth: 0, startTime: new Date(now - hour).toISOString() };
    const reply = await call('POST', '/api/admin/contest', token, {
      ...form,
      endTime: new Date(now + hour).toISOString(),
      duration: 7200,
    });
    expect(reply.status).toBe(200);
    const row = await harness.db
      .selectFrom('contests')
      .select('contest_id')
      .where('title', '=', title)
      .executeTakeFirstOrThrow();
    return row.contest_id;
  };
  /** HOJ's editor in contest mode: the route's contest id as a string in `problem.cid`, auth 3 shown. */
  const contestProblemBody = (cid: number, problemId: string, problem: Record<string, unknown> = {}) =>
    aPlusBBody({
      problem: { problemId, cid: String(cid), auth: 3, ...problem },
      // Scored, so that the same body serves an OI contest (whose problems become OI).
      samples: [{ input: '1 2', output: '3', score: 100 }],
    });
  const adminList = (cid: number) =>
    call('GET', `/api/admin/contest/get-problem-list?cid=${cid}`, root).then(
      (reply) => (reply.data as { problemList: { records: { id: number }[] } }).problemList.records,
    );

  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
    root = await logInAsRoot(harness);
    owner = await loginAs(harness, 'contestowner', 'admin');
    otherAdmin = await loginAs(harness, 'otheradmin', 'admin');
    problemAdmin = await loginAs(harness, 'probadmin', 'problem_admin');
    user = await loginAs(harness, 'plainuser', 'default_user');
    contests.acm = await createContest('Inside ACM', 0, owner);
    contests.oi = await createContest('Inside OI', 1, owner);
  });
  afterAll(async () => {
    await harness.close();
  });

  it('creates the problem with auth 3 and the contest type, then HOJ client links it with PUT contest-problem', async () => {
    const created = await call(
      'POST',
      '/api/admin/contest/problem',
      owner,
      contestProblemBody(contests.oi, 'in1', { type: 0, auth: 1 }),
    );
    expect(created).toMatchObject({ status: 200, msg: 'success', data: { problemId: 'IN1' } });
    const pid: number = (created.data as { pid: number }).pid;

    const read = await call('GET', `/api/admin/contest/problem?pid=${pid}`, owner);
    expect(read).toMatchObject({
      status: 200,
      data: { id: pid, problemId: 'IN1', auth: 3, type: 1, author: 'contestowner' },
    });

    const linked = await call('PUT', '/api/admin/contest/contest-problem', owner, {
      pid,
      cid: String(contests.oi),
      displayId: 'A',
      displayTitle: 'Inside A',
      color: '#ff0000',
    });
    expect(linked).toMatchObject({
      status: 200,
      data: { cid: contests.oi, pid, displayId: 'A', displayTitle: 'Inside A', color: '#ff0000' },
    });
    const linkId = (linked.data as { id: number }).id;
    expect(await adminList(contests.oi)).toEqual([expect.objectContaining({ id: pid, title: 'Inside A', auth: 3 })]);
    expect(await call('GET', `/api/admin/contest/contest-problem?cid=${contests.oi}&pid=${pid}`, owner)).toMatchObject({
      status: 200,
      data: { id: linkId, displayId: 'A' },
    });

    // The editor's second save sends the link it read back, with its id: an update, not a second link.
    const relinked = await call('PUT', '/api/admin/contest/contest-problem', owner, {
      id: linkId,
      pid,
      cid: contests.oi,
      displayId: 'A1',
      displayTitle: 'Inside A',
    });
    expect(relinked).toMatchObject({ status: 200, data: { id: linkId, displayId: 'A1' } });
    expect(await adminList(contests.oi)).toHaveLength(1);
  });

  it('keeps a contest problem out of the public problem list and the random problem', async () => {
    const created = await call('POST', '/api/admin/contest/problem', root, contestProblemBody(contests.acm, 'secret9'));
    const pid: number = (created.data as { pid: number }).pid;
    const publicList = await call('GET', '/api/get-problem-list?limit=100&currentPage=1', null);
    const listedIds = (publicList.data as { records: { pid: number }[] }).records.map((row) => row.pid);
    expect(listedIds).not.toContain(pid);
    expect(await call('GET', '/api/get-problem-list?keyword=SECRET9', null)).toMatchObject({ data: { total: 0 } });
    for (let draw = 0; draw < 5; draw += 1) {
      const random = await call('GET', '/api/get-random-problem', null);
      expect(random.status === 200 ? (random.data as { problemId: string }).problemId : null).not.toBe('SECRET9');
    }
    expect(await call('GET', `/api/get-problem-detail?problemId=SECRET9`, null)).toMatchObject({ status: 403 });
  });

  it.each([
    ['no problem', { problem: null, cid: 'contest' }, 400, '题目的配置项不能为空！'],
    ['no title', { problem: { problemId: 'bad1', cid: 1, title: ' ' } }, 400, '题目标题不能为空！'],
    ['no display id', { problem: { problemId: '', cid: 1 } }, 400, '题目的展示ID不能为空！'],
    [
      'a zero time limit',
      { problem: { problemId: 'bad2', cid: 1, timeLimit: 0 } },
      400,
      '题目的时间限制不能小于等于0！',
    ],
    ['no judge samples', { problem: { problemId: 'bad3', cid: 1 }, samples: [] }, 400, '题目的评测数据不能为空！'],
    ['no languages', { problem: { problemId: 'bad4', cid: 1 }, languages: [] }, 400, '题目的可用语言不能为空！'],
  ])('validates like the bank and appends nothing: %s', async (_name, overrides, status, msg) => {
    const before = await harness.eventCount();
    const body = { ...aPlusBBody(), ...overrides, ...('cid' in overrides ? { cid: contests.acm } : {}) };
    if (body.problem) body.problem = { ...aPlusBBody().problem, ...body.problem, cid: contests.acm };
    expect(await call('POST', '/api/admin/contest/problem', root, body)).toMatchObject({ status, msg, data: null });
    expect(await harness.eventCount()).toBe(before);
  });

  it('refuses a missing or unknown contest, a taken problem id, and callers who do not manage the contest', async () => {
    const before = await harness.eventCount();
    const noContest = aPlusBBody({ problem: { problemId: 'lost1' } });
    expect(await call('POST', '/api/admin/contest/problem', root, noContest)).toMatchObject({ status: 400 });
    const unknown = contestProblemBody(99999, 'lost2');
    expect(await call('POST', '/api/admin/contest/problem', root, unknown)).toMatchObject({ status: 400 });
    const taken = contestProblemBody(contests.acm, 'in1');
    expect(await call('POST', '/api/admin/contest/problem', root, taken)).toMatchObject({
      status: 400,
      msg: '该题目的Problem ID已存在，请更换！',
    });
    const foreign = contestProblemBody(contests.acm, 'foreign1');
    expect(await call('POST', '/api/admin/contest/problem', otherAdmin, foreign)).toMatchObject({
      status: 403,
      msg: '对不起，你无权限操作！',
    });
    expect(await call('POST', '/api/admin/contest/problem', user, foreign)).toMatchObject({ status: 403 });
    expect(await call('POST', '/api/admin/contest/problem', null, foreign)).toMatchObject({ status: 401 });
    expect(await harness.eventCount()).toBe(before);
    const byProblemAdmin = await call('POST', '/api/admin/contest/problem', problemAdmin, foreign);
    expect(byProblemAdmin).toMatchObject({ status: 200 });
  });

  it('links only for root, problem admins and the contest creator, and refuses a taken display id', async () => {
    const created = await call('POST', '/api/admin/contest/problem', owner, contestProblemBody(contests.acm, 'lnk1'));
    const pid: number = (created.data as { pid: number }).pid;
    const link = { pid, cid: contests.acm, displayId: 'L', displayTitle: 'Linked' };
    const before = await harness.eventCount();
    expect(await call('PUT', '/api/admin/contest/contest-problem', otherAdmin, link)).toMatchObject({ status: 403 });
    expect(await call('PUT', '/api/admin/contest/contest-problem', owner, { ...link, pid: 987654 })).toMatchObject({
      status: 400,
      msg: '更新失败',
    });
    expect(await call('PUT', '/api/admin/contest/contest-problem', owner, { ...link, id: 987654 })).toMatchObject({
      status: 400,
    });
    expect(await harness.eventCount()).toBe(before);
    expect(await call('PUT', '/api/admin/contest/contest-problem', problemAdmin, link)).toMatchObject({ status: 200 });
    const second = await call('POST', '/api/admin/contest/problem', owner, contestProblemBody(contests.acm, 'lnk2'));
    const duplicate = { ...link, pid: (second.data as { pid: number }).pid };
    expect(await call('PUT', '/api/admin/contest/contest-problem', owner, duplicate)).toMatchObject({
      status: 400,
      msg: '添加失败，该题目已添加或者题目的比赛展示ID已存在！',
    });
  });

  it('edits as root, a problem admin or the author in the events, whatever author the body names', async () => {
    const created = await call('POST', '/api/admin/contest/problem', owner, contestProblemBody(contests.oi, 'ed1'));
    const pid: number = (created.data as { pid: number }).pid;
    await call('PUT', '/api/admin/contest/contest-problem', owner, { pid, cid: contests.oi, displayId: 'E' });
    const edit = (title: string, problem: Record<string, unknown> = {}) =>
      contestProblemBody(contests.oi, 'ed1', { id: pid, title, ...problem });

    const before = await harness.eventCount();
    const forged = edit('Forged', { author: 'otheradmin' });
    expect(await call('PUT', '/api/admin/contest/problem', otherAdmin, forged)).toMatchObject({
      status: 403,
      msg: '对不起，你无权限修改题目！',
    });
    expect(await call('PUT', '/api/admin/contest/problem', owner, edit(' '))).toMatchObject({ status: 400 });
    const notHolding = { ...edit('Elsewhere'), cid: contests.acm };
    expect(await call('PUT', '/api/admin/contest/problem', owner, notHolding)).toMatchObject({ status: 400 });
    expect(
      await call('PUT', '/api/admin/contest/problem', owner, {
        ...edit('No id'),
        problem: { ...edit('x').problem, id: null },
      }),
    ).toMatchObject({
      status: 400,
      msg: '题目的id不能为空！',
    });
    expect(await harness.eventCount()).toBe(before);

    // The type follows the contest even when the editor sends another; the auth is the editor's.
    const edited = await call('PUT', '/api/admin/contest/problem', owner, edit('Edited', { type: 0, auth: 2 }));
    expect(edited).toMatchObject({ status: 200, data: null });
    expect(await call('GET', `/api/admin/contest/problem?pid=${pid}`, root)).toMatchObject({
      data: { title: 'Edited', type: 1, auth: 2 },
    });
    expect(await call('PUT', '/api/admin/contest/problem', problemAdmin, edit('By problem admin'))).toMatchObject({
      status: 200,
    });
  });
});
