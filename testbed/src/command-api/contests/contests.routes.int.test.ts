/* eslint-disable max-lines -- every contest command over HTTP shares one harness and its seeded contests. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { submissionStream } from '@oj/events';
import { aSubmissionCreated, aSubmissionJudged } from '@oj/events/testing';
import { logInAsRoot } from '../root-session';
import { startApiHarness, type ApiHarness } from '../api-harness';

const hour = 3600_000;
const keysOf = (value: unknown) => Object.keys(value as object).sort();

describe('contest calls over HTTP (field names and envelopes per api-contest-training.md)', () => {
  let harness: ApiHarness;
  let root: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = root) =>
    harness.app
      .inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload ? { payload } : {}) })
      .then((reply) => reply.json() as { status: number; msg: string; data: never });
  const contestForm = (overrides: object = {}) => {
    const now = Date.now();
    return {
      title: 'Contract Cup',
      type: 0,
      description: 'rules',
      auth: 1,
      pwd: 'pw',
      startTime: new Date(now - hour).toISOString(),
      endTime: new Date(now + hour).toISOString(),
      duration: 7200,
      sealRank: false,
      autoRealRank: true,
      openRank: false,
      starAccount: ['star'],
      awardType: 2,
      awardConfigList: [{ priority: 1, name: '金牌', background: '#e6bf25', color: '#fff', num: 1 }],
      ...overrides,
    };
  };

  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
    root = await logInAsRoot(harness);
  });
  afterAll(async () => {
    await harness.close();
  });

  it('lists on the home page the running contests and those starting within 14 days, newest start first', async () => {
    const day = 24 * hour;
    const titles = { running: 'Recent Running', soon: 'Recent Soon', far: 'Recent Far', ended: 'Recent Ended' };
    const at = (start: number, end: number) => ({
      startTime: new Date(Date.now() + start).toISOString(),
      endTime: new Date(Date.now() + end).toISOString(),
    });
    for (const [title, times] of [
      [titles.running, at(-hour, hour)],
      [titles.soon, at(3 * day, 3 * day + hour)],
      [titles.far, at(20 * day, 20 * day + hour)],
      [titles.ended, at(-3 * hour, -2 * hour)],
    ] as const) {
      expect((await call('POST', '/api/admin/contest', contestForm({ title, ...times }))).status).toBe(200);
    }
    const recent = await call('GET', '/api/get-recent-contest', undefined, '');
    expect(recent.status).toBe(200);
    const rows = (recent.data as Record<string, unknown>[]).filter((row) => String(row.title).startsWith('Recent'));
    expect(rows.map((row) => row.title)).toEqual([titles.soon, titles.running]);
    expect(rows[1]).toMatchObject({ status: 0, type: 0, auth: 1, author: 'root', gid: null, description: null });
    expect(rows[0]).toMatchObject({ status: -1, sealRank: null, count: null, openRank: null });
  });

  it('creates, reads back, lists, edits and deletes a contest with HOJ field names', async () => {
    expect(await call('POST', '/api/admin/contest', contestForm())).toEqual({
      status: 200,
      msg: 'success',
      data: null,
    });
    const list = await call('GET', '/api/get-contest-list?limit=10&currentPage=1&status=0&keyword=Contract');
    const listed = (list.data as { records: Record<string, unknown>[] }).records;
    expect(listed).toHaveLength(1);
    expect(keysOf(listed[0])).toEqual(
      [
        'allowEndSubmit',
        'auth',
        'author',
        'count',
        'description',
        'duration',
        'endTime',
        'gid',
        'id',
        'oiRankScoreType',
        'openRank',
        'source',
        'startTime',
        'status',
        'title',
        'type',
      ].sort(),
    );
    expect(listed[0]).toMatchObject({ status: 0, type: 0, auth: 1, count: null, author: 'root' });
    const cid = listed[0]?.id as number;
    expect((await call('GET', '/api/get-contest-list?status=-1&keyword=Contract')).data).toMatchObject({ total: 0 });

    const info = await call('GET', `/api/get-contest-info?cid=${cid}`);
    expect(keysOf(info.data)).toEqual(
      [
        'allowEndSubmit',
        'auth',
        'author',
        'count',
        'description',
        'duration',
        'endTime',
        'gid',
        'id',
        'now',
        'oiRankScoreType',
        'openPrint',
        'openRank',
        'rankShowName',
        'sealRank',
        'sealRankTime',
        'source',
        'startTime',
        'status',
        'title',
        'type',
      ].sort(),
    );
    const admin = await call('GET', `/api/admin/contest?cid=${cid}`);
    expect(admin.data).toMatchObject({
      id: cid,
      pwd: 'pw',
      starAccount: ['star'],
      awardType: 2,
      autoRealRank: true,
      visible: true,
    });
    expect(await call('GET', '/api/admin/contest?cid=999999')).toMatchObject({
      status: 400,
      msg: '查询失败：该比赛不存在,请检查参数cid是否准确！',
    });

    const eventsBefore = await harness.eventCount();
    expect(await call('PUT', '/api/admin/contest', { ...contestForm({ type: 1 }), id: cid })).toMatchObject({
      status: 400,
      msg: '比赛创建后不可修改赛制！',
    });
    expect(await call('POST', '/api/admin/contest', contestForm({ title: ' ' }))).toMatchObject({
      status: 400,
      msg: '比赛标题的内容不能为空！',
    });
    expect(await harness.eventCount()).toBe(eventsBefore);

    expect(
      await call('PUT', '/api/admin/contest', { ...contestForm({ title: 'Contract Cup II' }), id: cid }),
    ).toMatchObject({ status: 200 });
    expect((await call('GET', `/api/get-contest-info?cid=${cid}`)).data).toMatchObject({ title: 'Contract Cup II' });
    expect(await call('PUT', `/api/admin/contest/change-contest-visible?cid=${cid}&visible=false`)).toMatchObject({
      status: 200,
    });
    expect(await call('GET', `/api/get-contest-info?cid=${cid}`)).toMatchObject({
      status: 400,
      msg: '对不起，该比赛不存在!',
    });
    expect(await call('DELETE', `/api/admin/contest?cid=${cid}`)).toMatchObject({ status: 200 });
    expect(await call('DELETE', `/api/admin/contest?cid=${cid}`)).toMatchObject({ status: 400, msg: '删除失败' });
  });

  it('registers with the password; a changed password clears registrations; access follows', async () => {
    await call('POST', '/api/admin/contest', contestForm({ title: 'Register Cup' }));
    const cid = (
      (await call('GET', '/api/admin/contest/get-contest-list?keyword=Register')).data as { records: { id: number }[] }
    ).records[0]?.id as number;
    expect(await call('POST', '/api/register-contest', { cid, password: '' })).toMatchObject({
      status: 400,
      msg: 'cid或者password不能为空！',
    });
    expect(await call('POST', '/api/register-contest', { cid, password: 'PW' })).toMatchObject({
      status: 400,
      msg: '比赛密码错误，请重新输入！',
    });
    expect(await call('POST', '/api/register-contest', { cid, password: 'pw' })).toEqual({
      status: 200,
      msg: 'success',
      data: null,
    });
    expect(await call('POST', '/api/register-contest', { cid, password: 'pw' })).toMatchObject({
      status: 400,
      msg: '您已注册过该比赛，请勿重复注册！',
    });
    expect((await call('GET', `/api/get-contest-access?cid=${cid}`)).data).toEqual({ access: true });
    expect((await call('GET', `/api/get-contest-list?keyword=Register`)).data).toMatchObject({
      records: [{ count: 1 }],
    });
    await call('PUT', '/api/admin/contest', { ...contestForm({ title: 'Register Cup', pwd: 'new' }), id: cid });
    expect((await call('GET', `/api/get-contest-access?cid=${cid}`)).data).toEqual({ access: false });
  });

  it('manages contest announcements; the unread check answers published ones only (F11 drops quirk 5)', async () => {
    await call('POST', '/api/admin/contest', contestForm({ title: 'News Cup', auth: 0 }));
    const cid = (
      (await call('GET', '/api/admin/contest/get-contest-list?keyword=News')).data as { records: { id: number }[] }
    ).records[0]?.id as number;
    for (const [title, status] of [
      ['Hello', 0],
      ['Hidden', 1],
      ['World', 0],
    ] as const) {
      await call('POST', '/api/admin/contest/announcement', { cid, announcement: { title, content: 'c', status } });
    }
    const page = await call('GET', `/api/get-contest-announcement?cid=${cid}&limit=10&currentPage=1`);
    const records = (page.data as { records: Record<string, unknown>[] }).records;
    expect(records.map((row) => row.title).sort()).toEqual(['Hello', 'World']);
    expect(keysOf(records[0])).toEqual([
      'content',
      'gmtCreate',
      'gmtModified',
      'id',
      'status',
      'title',
      'uid',
      'username',
    ]);
    const hello = records.find((row) => row.title === 'Hello');
    const unread = await call('POST', '/api/get-contest-not-read-announcement', {
      cid,
      readAnnouncementList: [hello?.id],
    });
    expect((unread.data as { title: string }[]).map((row) => row.title)).toEqual(['World']);
    const adminPage = await call('GET', `/api/admin/contest/announcement?cid=${cid}&limit=10&currentPage=1`);
    const hiddenId = (adminPage.data as { records: { id: number; title: string }[] }).records.find(
      (row) => row.title === 'Hidden',
    )?.id;
    expect(hiddenId).toBeDefined();
    expect(await call('DELETE', `/api/admin/contest/announcement?aid=${hiddenId}`)).toMatchObject({ status: 200 });
    expect(await call('DELETE', `/api/admin/contest/announcement?aid=${hiddenId}`)).toMatchObject({
      status: 400,
      msg: '删除失败！',
    });
  });

  it('runs the admin tools: AC helper with first blood and the checked flag, print requests and the queue', async () => {
    await call('POST', '/api/admin/contest', contestForm({ title: 'Tools Cup', auth: 0 }));
    const cid = (
      (await call('GET', '/api/admin/contest/get-contest-list?keyword=Tools')).data as { records: { id: number }[] }
    ).records[0]?.id as number;
    const start = Date.parse((await call('GET', `/api/admin/contest?cid=${cid}`)).data['startTime']);
    // Two users' ACs on contest problem 77 (a link the AC helper joins on), written as the judge would.
    await harness.db
      .insertInto('contest_problems')
      .values({
        contest_problem_id: 77,
        contest_id: cid,
        problem_id: 5,
        display_id: 'A',
        display_title: 'A',
        color: null,
        created_at: new Date().toISOString(),
        modified_at: new Date().toISOString(),
      })
      .execute();
    for (const [submissionId, userId, seconds] of [
      [901, 'u-early', 60],
      [902, 'u-late', 120],
      [903, 'u-early', 200],
    ] as const) {
      const submittedAt = new Date(start + seconds * 1000).toISOString();
      const created = aSubmissionCreated({
        submissionId,
        userId,
        username: userId,
        contestId: cid,
        contestProblemId: 77,
        problemId: 5,
        submittedAt,
      });
      await harness.store.append(submissionStream(submissionId), [
        { id: randomUUID(), type: 'SubmissionCreated', data: created },
      ]);
      await harness.store.append(submissionStream(submissionId), [
        { id: randomUUID(), type: 'SubmissionJudged', data: aSubmissionJudged({ submissionId, status: 'AC' }) },
      ]);
    }
    // A command round trip waits for the projector, so the judged rows above are projected too.
    expect(await call('PUT', '/api/check-contest-ac-info', { id: 902, cid, checked: true })).toEqual({
      status: 200,
      msg: 'success',
      data: null,
    });
    const helper = await call('GET', `/api/get-contest-ac-info?cid=${cid}&currentPage=1&limit=20`);
    const rows = (
      helper.data as { records: { submitId: number; checked: boolean; firstBlood: boolean; time: number }[] }
    ).records;
    expect(rows.map((row) => [row.submitId, row.checked, row.firstBlood, row.time])).toEqual([
      [901, false, true, 60],
      [902, true, false, 120],
    ]);

    expect(await call('POST', '/api/submit-print-text', { cid, content: 'x'.repeat(60) })).toEqual({
      status: 200,
      msg: 'success',
      data: null,
    });
    const tooFast = await call('POST', '/api/submit-print-text', { cid, content: 'y'.repeat(60) });
    expect(tooFast.status).toBe(403);
    expect(tooFast.msg).toMatch(/^提交打印功能限制，请在\d+秒后再进行提交！$/);
    const queue = await call('GET', `/api/get-contest-print?cid=${cid}`);
    const printed = (queue.data as { records: Record<string, unknown>[] }).records;
    expect(printed).toHaveLength(1);
    expect(keysOf(printed[0])).toEqual(['cid', 'gmtCreate', 'id', 'realname', 'status', 'username']);
    const printId = printed[0]?.id as number;
    const file = await harness.app.inject({
      url: `/api/file/download-contest-print-text?id=${printId}`,
      headers: { authorization: root },
    });
    expect(file.body).toBe('x'.repeat(60));
    expect(file.headers['content-disposition']).toContain('root_Contest_Print.txt');
    expect(await call('PUT', `/api/check-contest-print-status?id=${printId}&cid=${cid}`)).toMatchObject({
      status: 200,
    });
    expect((await call('GET', `/api/get-contest-print?cid=${cid}`)).data).toMatchObject({ records: [{ status: 1 }] });
    expect(await call('PUT', `/api/check-contest-print-status?id=424242&cid=${cid}`)).toMatchObject({
      status: 400,
      msg: '修改失败！',
    });
  });

  it('refuses the outside board with the spec messages', async () => {
    await call('POST', '/api/admin/contest', contestForm({ title: 'Closed Cup' }));
    const cid = (
      (await call('GET', '/api/admin/contest/get-contest-list?keyword=Closed')).data as { records: { id: number }[] }
    ).records[0]?.id as number;
    expect(await call('POST', '/api/get-contest-outside-scoreboard', {}, '')).toMatchObject({
      status: 400,
      msg: '错误：比赛id不能为空',
    });
    expect(await call('POST', '/api/get-contest-outside-scoreboard', { cid }, '')).toMatchObject({
      status: 403,
      msg: '本场比赛未开启外榜，禁止访问外榜！',
    });
    expect(await call('GET', `/api/get-contest-outsize-info?cid=${cid}`, undefined, '')).toMatchObject({
      status: 403,
      msg: '本场比赛未开启外榜，禁止访问外榜！',
    });
    expect(await call('POST', '/api/get-contest-rank', {})).toMatchObject({ status: 400, msg: '错误：cid不能为空' });
    const board = await call('POST', '/api/get-contest-rank', { cid });
    expect(board).toMatchObject({ status: 200, data: { records: [], total: 0, size: 50, current: 1 } });
  });

  it('F5: a contest dated past year 9999 is refused and appends nothing', async () => {
    await call('POST', '/api/admin/contest', contestForm({ title: 'Far Cup' }));
    const before = await harness.eventCount();
    const farForms = [
      { method: 'POST', form: contestForm({ startTime: '10000-01-01', endTime: '10000-01-02' }) },
      { method: 'POST', form: contestForm({ sealRank: true, sealRankTime: '+275760-09-13T00:00:00.000Z' }) },
      { method: 'POST', form: contestForm({ startTime: '1969-12-31T23:59:59.999Z' }) },
      { method: 'PUT', form: contestForm({ id: 1, title: 'Far Cup', endTime: '10000-01-02' }) },
    ] as const;
    for (const { method, form } of farForms) {
      const reply = await harness.app.inject({
        method,
        url: '/api/admin/contest',
        headers: { authorization: root },
        payload: form,
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({ status: 400, msg: '比赛时间必须是1970年至9999年之间的有效日期！', data: null });
    }
    expect(await harness.eventCount()).toBe(before);
  });
});
