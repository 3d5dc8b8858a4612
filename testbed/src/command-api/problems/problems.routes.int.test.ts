import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { judgeSettingsSchema } from '@oj/events';
import { parseTestDataZip } from '@oj/platform';
import { ensureRootUser } from '@oj/command/testing';
import { startApiHarness, type ApiHarness } from '../api-harness';
import { aPlusBBody, loginAs, multipartZip } from '../problem-api';

const encode = (text: string) => new TextEncoder().encode(text);

describe('problem admin over HTTP', () => {
  let harness: ApiHarness;
  let root: string;
  let admin: string;
  let user: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: object) =>
    harness.app.inject({
      method,
      url,
      ...(token ? { headers: { authorization: token } } : {}),
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
    await ensureRootUser({ store: harness.store, password: 'rootpass' });
    const login = await call('POST', '/api/login', null, { username: 'root', password: 'rootpass' });
    root = String(login.headers.authorization);
    admin = await loginAs(harness, 'plainadmin', 'admin');
    user = await loginAs(harness, 'someone', 'default_user');
  });
  afterAll(async () => {
    await harness.close();
  });

  it('uploads a zip, saves an OI problem with its cases, and serves the data back for download', async () => {
    const zip = zipSync({
      '1.in': encode('1 2\r\n'),
      '1.out': encode('3\n'),
      '2.in': encode('5 5\n'),
      '2.ans': encode('10\n'),
    });
    const upload = multipartZip('data.zip', zip, { mode: 'subtask_lowest' });
    const uploaded = await harness.app.inject({
      method: 'POST',
      url: '/api/file/upload-testcase-zip',
      headers: { authorization: root, ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.json()).toMatchObject({
      status: 200,
      data: {
        fileList: [
          { input: '1.in', output: '1.out', groupNum: 1 },
          { input: '2.in', output: '2.ans', groupNum: 1 },
        ],
      },
    });
    const body = aPlusBBody({
      problem: { problemId: 'oi1', type: 1, judgeCaseMode: 'subtask_lowest', isUploadCase: true },
      isUploadTestCase: true,
      uploadTestcaseDir: uploaded.json().data.fileListDir,
      samples: [
        { input: '1.in', output: '1.out', score: 40, groupNum: 1 },
        { input: '2.in', output: '2.ans', score: '60', groupNum: 2 },
      ],
    });
    const created = await call('POST', '/api/admin/problem', root, body);
    expect(created.json()).toMatchObject({ status: 200, msg: 'success', data: { problemId: 'OI1' } });
    const pid: number = created.json().data.pid;

    const row = await harness.db
      .selectFrom('problems')
      .select('judge_settings')
      .where('problem_id', '=', pid)
      .executeTakeFirst();
    const settings = judgeSettingsSchema.parse(row?.judge_settings);
    expect(settings).toMatchObject({ problemType: 'OI', ioScore: 100, judgeCaseMode: 'subtask_lowest' });
    expect(settings.testCases.map((testCase) => [testCase.score, testCase.groupNum])).toEqual([
      [40, 1],
      [60, 2],
    ]);

    const cases = await call('GET', `/api/admin/problem/get-problem-cases?pid=${pid}`, root);
    expect(cases.json().data.map((c: { input: string; score: number }) => [c.input, c.score])).toEqual([
      ['1.in', 40],
      ['2.in', 60],
    ]);

    const download = await call('GET', `/api/file/download-testcase?pid=${pid}`, root);
    expect(download.headers['content-type']).toBe('application/x-download');
    expect(String(download.headers['content-disposition'])).toMatch(
      new RegExp(`^attachment;filename=problem_${pid}_testcase_\\d+\\.zip$`),
    );
    const back = parseTestDataZip(new Uint8Array(download.rawPayload));
    expect(back.map((c) => [c.inputName, new TextDecoder().decode(c.input)])).toEqual([
      ['1.in', '1 2\n'],
      ['2.in', '5 5\n'],
    ]);

    const refused = await call('GET', `/api/file/download-testcase?pid=${pid}`, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ status: 400, msg: '对不起，您无权限操作！' });
  });

  it('refuses an upload that is not a zip, or from a role without problem rights', async () => {
    const text = multipartZip('data.txt', encode('1'));
    const notZip = await harness.app.inject({
      method: 'POST',
      url: '/api/file/upload-testcase-zip',
      headers: { authorization: root, ...text.headers },
      payload: text.payload,
    });
    expect(notZip.json()).toMatchObject({ status: 400, msg: '请上传zip格式的测试数据压缩包！' });
    const empty = multipartZip('data.zip', zipSync({ folder: { '1.in': encode('1') } }));
    const emptyReply = await harness.app.inject({
      method: 'POST',
      url: '/api/file/upload-testcase-zip',
      headers: { authorization: root, ...empty.headers },
      payload: empty.payload,
    });
    expect(emptyReply.json()).toMatchObject({ status: 400, msg: '评测数据压缩包里文件不能为空！' });
    const byUser = await harness.app.inject({
      method: 'POST',
      url: '/api/file/upload-testcase-zip',
      headers: { authorization: user, ...empty.headers },
      payload: empty.payload,
    });
    expect(byUser.json()).toMatchObject({ status: 403, msg: '对不起，您无权限操作！' });
    // The role is refused before the query is checked; an admin's over-long mode is the query's 400.
    const longMode = `/api/file/upload-testcase-zip?mode=${'m'.repeat(2000)}`;
    const upload = (authorization: string) =>
      harness.app.inject({
        method: 'POST',
        url: longMode,
        headers: { authorization, ...empty.headers },
        payload: empty.payload,
      });
    expect((await upload(user)).json()).toMatchObject({ status: 403, msg: '对不起，您无权限操作！' });
    expect((await upload(root)).json()).toMatchObject({ status: 400, msg: '参数格式解析失败！' });
  });

  it('keeps the case version on a statement edit and moves it when the data changes', async () => {
    const created = await call('POST', '/api/admin/problem', root, aPlusBBody({ problem: { problemId: 'ed1' } }));
    const pid: number = created.json().data.pid;
    const version = async () => (await call('GET', `/api/admin/problem?pid=${pid}`, root)).json().data.caseVersion;
    const first = await version();
    const retitled = await call(
      'PUT',
      '/api/admin/problem',
      root,
      aPlusBBody({ problem: { id: pid, problemId: 'ed1', title: 'Sum' } }),
    );
    expect(retitled.json()).toMatchObject({ status: 200 });
    expect(await version()).toBe(first);
    const redone = await call(
      'PUT',
      '/api/admin/problem',
      root,
      aPlusBBody({ problem: { id: pid, problemId: 'ed1' }, samples: [{ input: '2 2', output: '4' }] }),
    );
    expect(redone.json()).toMatchObject({ status: 200 });
    expect(await version()).not.toBe(first);
    const detail = await call('GET', '/api/get-problem-detail?problemId=ed1', null);
    expect(detail.json().data.problem).toMatchObject({ title: 'A+B', problemId: 'ED1' });
  });

  it('answers the spec messages and appends nothing for a refused save', async () => {
    const before = await harness.eventCount();
    const blank = await call('POST', '/api/admin/problem', root, aPlusBBody({ problem: { problemId: '  ' } }));
    expect(blank.json()).toMatchObject({ status: 400, msg: '题目的展示ID不能为空！', data: null });
    const limits = await call(
      'POST',
      '/api/admin/problem',
      root,
      aPlusBBody({ problem: { problemId: 'x9', timeLimit: 0 } }),
    );
    expect(limits.json()).toMatchObject({ status: 400, msg: '题目的时间限制不能小于等于0！' });
    const noConfig = await call('POST', '/api/admin/problem', root, { samples: [] });
    expect(noConfig.json()).toMatchObject({ status: 400, msg: '题目的配置项不能为空！' });
    expect(await harness.eventCount()).toBe(before);
    await call('POST', '/api/admin/problem', root, aPlusBBody({ problem: { problemId: 'dup1' } }));
    const dup = await call('POST', '/api/admin/problem', root, aPlusBBody({ problem: { problemId: 'Dup1' } }));
    expect(dup.json()).toMatchObject({ status: 400, msg: '该题目的Problem ID已存在，请更换！' });
    const noId = await call('PUT', '/api/admin/problem', root, aPlusBBody());
    expect(noId.json()).toMatchObject({ status: 400, msg: '题目的id不能为空！' });
  });

  it('applies the roles: 401 anonymous, 403 for a user, admins may hide their own but not publish, only root deletes here', async () => {
    expect((await call('POST', '/api/admin/problem', null, aPlusBBody())).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/problem', user, aPlusBBody())).statusCode).toBe(403);
    const created = await call('POST', '/api/admin/problem', root, aPlusBBody({ problem: { problemId: 'vis1' } }));
    const pid: number = created.json().data.pid;
    const peek = await call('GET', `/api/admin/problem?pid=${pid}`, admin);
    expect(peek.json()).toMatchObject({ status: 403, msg: '对不起，你无权限查看题目！' });
    const edit = await call(
      'PUT',
      '/api/admin/problem',
      admin,
      aPlusBBody({ problem: { id: pid, problemId: 'vis1', author: 'plainadmin' } }),
    );
    expect(edit.json()).toMatchObject({ status: 403, msg: '对不起，你无权限修改题目！' });
    const hiddenByAdmin = await call('PUT', '/api/admin/problem/change-problem-auth', admin, { id: pid, auth: 2 });
    expect(hiddenByAdmin.json()).toMatchObject({ status: 403, msg: '对不起，你无权限修改题目！' });
    const hidden = await call('PUT', '/api/admin/problem/change-problem-auth', root, { id: pid, auth: 2 });
    expect(hidden.json()).toMatchObject({ status: 200 });
    expect((await call('GET', '/api/get-problem-detail?problemId=vis1', null)).json()).toMatchObject({
      status: 403,
      msg: '该题号对应题目并非公开题目，不支持访问！',
    });
    const own = await call('POST', '/api/admin/problem', admin, aPlusBBody({ problem: { problemId: 'vis2' } }));
    const ownPid: number = own.json().data.pid;
    const hiddenOwn = await call('PUT', '/api/admin/problem/change-problem-auth', admin, { id: ownPid, auth: 2 });
    expect(hiddenOwn.json()).toMatchObject({ status: 200 });
    const published = await call('PUT', '/api/admin/problem/change-problem-auth', admin, { id: ownPid, auth: 1 });
    expect(published.json()).toMatchObject({ status: 403, msg: '修改失败！你无权限公开题目！' });
    expect((await call('DELETE', `/api/admin/problem?pid=${pid}`, admin)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/admin/problem?pid=${pid}`, root)).json()).toMatchObject({ status: 200 });
    expect((await call('GET', '/api/get-problem-detail?problemId=vis1', null)).json()).toMatchObject({
      status: 404,
      msg: '该题号对应的题目不存在',
    });
    expect((await call('DELETE', `/api/admin/problem?pid=${pid}`, root)).json()).toMatchObject({
      status: 400,
      msg: '删除失败！',
    });
  });

  it('F10: an admin may not hide a problem they did not create', async () => {
    const created = await call('POST', '/api/admin/problem', root, aPlusBBody({ problem: { problemId: 'f10a' } }));
    const pid: number = created.json().data.pid;
    const hidden = await call('PUT', '/api/admin/problem/change-problem-auth', admin, { id: pid, auth: 2 });
    expect(hidden.json()).toMatchObject({ status: 403 });
    const row = await harness.db.selectFrom('problems').select('auth').where('problem_id', '=', pid).executeTakeFirst();
    expect(row?.auth).toBe(1);
  });

  it('F14: the author text grants nothing; the creator uid decides who manages a problem', async () => {
    // Root types other people's usernames as the author; the admin names root as the author of their own.
    const byRoot = (problemId: string, author: string) =>
      call('POST', '/api/admin/problem', root, aPlusBBody({ problem: { problemId, author } }));
    const userNamed: number = (await byRoot('f14u', 'someone')).json().data.pid;
    const adminNamed: number = (await byRoot('f14a', 'plainadmin')).json().data.pid;
    const ownBody = aPlusBBody({ problem: { problemId: 'f14o', author: 'root' } });
    const own: number = (await call('POST', '/api/admin/problem', admin, ownBody)).json().data.pid;

    const download = (pid: number, token: string) => call('GET', `/api/file/download-testcase?pid=${pid}`, token);
    expect((await download(userNamed, user)).json()).toMatchObject({ status: 400, msg: '对不起，您无权限操作！' });
    expect((await download(adminNamed, admin)).json()).toMatchObject({ status: 400, msg: '对不起，您无权限操作！' });
    expect((await download(own, admin)).headers['content-type']).toBe('application/x-download');

    expect((await call('GET', `/api/admin/problem?pid=${adminNamed}`, admin)).json()).toMatchObject({ status: 403 });
    expect((await call('GET', `/api/admin/problem?pid=${own}`, admin)).json()).toMatchObject({ status: 200 });
    const editNamed = aPlusBBody({ problem: { id: adminNamed, problemId: 'f14a', author: 'plainadmin' } });
    expect((await call('PUT', '/api/admin/problem', admin, editNamed)).json()).toMatchObject({ status: 403 });
    const editOwn = aPlusBBody({ problem: { id: own, problemId: 'f14o', title: 'Mine' } });
    expect((await call('PUT', '/api/admin/problem', admin, editOwn)).json()).toMatchObject({ status: 200 });
  });

  it('F10: an admin reads test cases and judge secrets only of their own problems', async () => {
    const spj = { judgeMode: 'spj', spjLanguage: 'C++', spjCode: 'int main(){return 0;}' };
    const body = (problemId: string) => aPlusBBody({ problem: { problemId, ...spj } });
    const others: number = (await call('POST', '/api/admin/problem', root, body('f10s'))).json().data.pid;
    const own: number = (await call('POST', '/api/admin/problem', admin, body('f10o'))).json().data.pid;
    const cases = (pid: number) => call('GET', `/api/admin/problem/get-problem-cases?pid=${pid}&isUpload=false`, admin);
    expect((await cases(others)).json()).toMatchObject({ status: 403 });
    expect((await cases(own)).json()).toMatchObject({ status: 200, data: [{ pid: own }] });

    const list = await call('GET', '/api/admin/problem/get-problem-list?limit=100&currentPage=1', admin);
    const records: { id: number; spjCode: string | null }[] = list.json().data.records;
    expect(records.find((record) => record.id === others)?.spjCode).toBeNull();
    expect(records.find((record) => record.id === own)?.spjCode).toBe(spj.spjCode);
    const rootList = await call('GET', '/api/admin/problem/get-problem-list?limit=100&currentPage=1', root);
    const rootRecords: { id: number; spjCode: string | null }[] = rootList.json().data.records;
    expect(rootRecords.find((record) => record.id === others)?.spjCode).toBe(spj.spjCode);
  });

  it('checks compile-spj parameters and the checker language', async () => {
    const empty = await call('POST', '/api/admin/problem/compile-spj', root, { code: '', language: 'C++' });
    expect(empty.json()).toMatchObject({ status: 400, msg: '参数不能为空！' });
    const python = await call('POST', '/api/admin/problem/compile-interactive', root, {
      code: 'x',
      language: 'Python3',
    });
    expect(python.json()).toMatchObject({ status: 400 });
    const ok = await call('POST', '/api/admin/problem/compile-spj', root, { code: 'int main(){}', language: 'C++' });
    expect(ok.json()).toMatchObject({ status: 200, data: null });
  });
});
