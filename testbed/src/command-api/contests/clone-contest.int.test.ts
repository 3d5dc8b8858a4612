import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../api-harness';
import { logInAsRoot } from '../root-session';
import { aPlusBBody, loginAs } from '../problem-api';

const hour = 3600_000;
type Reply = { status: number; msg: string; data: never };

describe('GET /api/admin/contest/clone', () => {
  let harness: ApiHarness;
  let root: string;
  let owner: string;
  let otherAdmin: string;
  let user: string;
  let original = 0;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object) =>
    harness.app
      .inject({ method, url, ...(token ? { headers: { authorization: token } } : {}), ...(payload ? { payload } : {}) })
      .then((reply) => reply.json() as Reply);
  const contestIdTitled = async (title: string) =>
    (await harness.db.selectFrom('contests').select('contest_id').where('title', '=', title).executeTakeFirstOrThrow())
      .contest_id;
  const adminView = async (cid: number) => {
    const reply = await call('GET', `/api/admin/contest?cid=${cid}`, root);
    expect(reply.status).toBe(200);
    return reply.data as Record<string, unknown>;
  };
  const countOf = async (table: 'contest_problems' | 'contest_registrations' | 'contest_announcements', cid: number) =>
    (await harness.db.selectFrom(table).select('contest_id').where('contest_id', '=', cid).execute()).length;

  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
    root = await logInAsRoot(harness);
    owner = await loginAs(harness, 'cloneowner', 'admin');
    otherAdmin = await loginAs(harness, 'otheradmin', 'admin');
    user = await loginAs(harness, 'plainuser', 'default_user');
    const now = Date.now();
    const form = {
      title: 'Spring Finals',
      type: 1,
      description: 'the rules',
      source: 'ICPC',
      auth: 1,
      pwd: 'pw',
      startTime: new Date(now - hour).toISOString(),
      endTime: new Date(now + hour).toISOString(),
      duration: 7200,
      sealRank: true,
      sealRankTime: new Date(now + hour / 2).toISOString(),
      openPrint: true,
      openRank: true,
      oiRankScoreType: 'Highest',
      starAccount: ['star'],
      awardType: 2,
      awardConfigList: [{ priority: 1, name: 'Gold', background: '#e6bf25', color: '#fff', num: 1 }],
    };
    expect((await call('POST', '/api/admin/contest', owner, form)).status).toBe(200);
    original = await contestIdTitled('Spring Finals');
    const problem = aPlusBBody({
      problem: { problemId: 'clone1', cid: String(original), auth: 3 },
      samples: [{ input: '1 2', output: '3', score: 100 }],
    });
    const created = await call('POST', '/api/admin/contest/problem', owner, problem);
    expect(created.status).toBe(200);
    const link = { cid: original, pid: (created.data as { pid: number }).pid, displayId: 'A', displayTitle: 'A' };
    expect((await call('PUT', '/api/admin/contest/contest-problem', owner, link)).status).toBe(200);
    const announcement = { cid: original, announcement: { title: 'Note', content: 'Hi', status: 0 } };
    expect((await call('POST', '/api/admin/contest/announcement', owner, announcement)).status).toBe(200);
    expect((await call('POST', '/api/register-contest', user, { cid: original, password: 'pw' })).status).toBe(200);
  });
  afterAll(async () => {
    await harness.close();
  });

  it("copies the settings only, with the caller as creator, the original's id as source and ' [Cloned]' after the title", async () => {
    expect(await call('GET', `/api/admin/contest/clone?cid=${original}`, owner)).toEqual({
      status: 200,
      msg: 'success',
      data: null,
    });
    const clone = await contestIdTitled('Spring Finals [Cloned]');
    expect(clone).not.toBe(original);
    const { id: _id, gmtCreate: _created, gmtModified: _modified, ...settings } = await adminView(original);
    expect(await adminView(clone)).toMatchObject({
      ...settings,
      id: clone,
      title: 'Spring Finals [Cloned]',
      source: String(original),
      author: 'cloneowner',
    });
    expect(await countOf('contest_problems', original)).toBe(1);
    expect(await countOf('contest_announcements', original)).toBe(1);
    expect(await countOf('contest_registrations', original)).toBe(1);
    for (const table of ['contest_problems', 'contest_announcements', 'contest_registrations'] as const) {
      expect(await countOf(table, clone)).toBe(0);
    }
  });

  it('lets root clone any contest, as its creator', async () => {
    expect((await call('GET', `/api/admin/contest/clone?cid=${original}`, root)).status).toBe(200);
    const rows = await harness.db
      .selectFrom('contests')
      .select(['author', 'visible'])
      .where('title', '=', 'Spring Finals [Cloned]')
      .orderBy('contest_id')
      .execute();
    expect(rows).toEqual([
      { author: 'cloneowner', visible: true },
      { author: 'root', visible: true },
    ]);
  });

  it('keeps a hidden contest hidden in its clone', async () => {
    const hide = `/api/admin/contest/change-contest-visible?cid=${original}&visible=false`;
    expect((await call('PUT', hide, owner)).status).toBe(200);
    expect((await call('GET', `/api/admin/contest/clone?cid=${original}`, owner)).status).toBe(200);
    const newest = await harness.db
      .selectFrom('contests')
      .select(['visible', 'title'])
      .orderBy('contest_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(newest).toEqual({ visible: false, title: 'Spring Finals [Cloned]' });
    expect((await call('PUT', hide.replace('false', 'true'), owner)).status).toBe(200);
  });

  it('refuses an admin who did not create the contest, a plain user, a missing contest and a bad cid, appending nothing', async () => {
    const before = await harness.eventCount();
    expect(await call('GET', `/api/admin/contest/clone?cid=${original}`, otherAdmin)).toMatchObject({
      status: 403,
      msg: '对不起，你无权限操作！',
    });
    expect((await call('GET', `/api/admin/contest/clone?cid=${original}`, user)).status).toBe(403);
    expect((await call('GET', `/api/admin/contest/clone?cid=${original}`, null)).status).toBe(401);
    expect(await call('GET', '/api/admin/contest/clone?cid=999999', root)).toMatchObject({
      status: 400,
      msg: '该比赛不存在，无法克隆！',
    });
    for (const query of ['', '?cid=abc', '?cid=0']) {
      expect((await call('GET', `/api/admin/contest/clone${query}`, root)).status).toBe(400);
    }
    expect(await harness.eventCount()).toBe(before);
  });
});
