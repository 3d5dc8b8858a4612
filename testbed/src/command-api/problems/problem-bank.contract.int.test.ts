import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import {
  codeTemplateRow,
  createProblemReply,
  languageRow,
  pageOf,
  problemCaseRow,
  problemDetailReply,
  problemEntity,
  problemListRow,
  tagClassificationRow,
  tagGroup,
  tagRow,
  uploadTestCaseReply,
} from '@oj/contracts';
import { startApiHarness, type ApiHarness } from '../api-harness';
import { logInAsRoot } from '../root-session';
import { aPlusBBody, multipartZip } from '../problem-api';
import { zipSync } from 'fflate';

/** The reply is HOJ's envelope and `data` has exactly the reference's field names (api-core §3, admin §5.7, §5.9, §6). */
function expectContract(reply: { json(): unknown }, data: z.ZodType) {
  const body = reply.json() as { status: number; msg: string; data: unknown };
  expect(Object.keys(body).sort()).toEqual(['data', 'msg', 'status']);
  expect(body.status).toBe(200);
  expect(() => data.parse(body.data)).not.toThrow();
  const keysOf = (schema: z.ZodType, value: unknown) => {
    if (schema instanceof z.ZodObject && typeof value === 'object' && value !== null) {
      expect(Object.keys(value).sort()).toEqual(Object.keys(schema.shape).sort());
    }
  };
  if (data instanceof z.ZodArray) for (const item of body.data as unknown[]) keysOf(data.element as z.ZodType, item);
  else keysOf(data, body.data);
  return body.data;
}

describe('problem bank calls: method, path, envelope and field names', () => {
  let harness: ApiHarness;
  let root: string;
  let pid = 0;
  const get = (url: string, token?: string) =>
    harness.app.inject({ method: 'GET', url, ...(token ? { headers: { authorization: token } } : {}) });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    harness.app.inject({ method, url, headers: { authorization: root }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
    root = await logInAsRoot(harness);
    const classification = await send('POST', '/api/admin/tag/classification', { name: 'Basics', oj: 'ME', rank: 1 });
    const tcid = (expectContract(classification, tagClassificationRow) as { id: number }).id;
    const tag = await send('POST', '/api/admin/tag', { name: 'math', color: '#409EFF', oj: 'ME', tcid });
    const tagId = (expectContract(tag, tagRow) as { id: number }).id;
    const created = await send(
      'POST',
      '/api/admin/problem',
      aPlusBBody({
        problem: { problemId: '1000', difficulty: 1 },
        tags: [{ id: tagId, name: 'math' }, { name: 'greedy' }],
      }),
    );
    pid = (expectContract(created, createProblemReply) as { pid: number }).pid;
    await send('POST', '/api/admin/problem', aPlusBBody({ problem: { problemId: '99', title: 'Second' }, tags: [] }));
    await send(
      'POST',
      '/api/admin/problem',
      aPlusBBody({ problem: { problemId: 'P3', title: 'Hidden', auth: 2 }, tags: [] }),
    );
  });
  afterAll(async () => {
    await harness.close();
  });

  it('GET /api/get-problem-list: public problems by display id, counters, tags; every filter and paging', async () => {
    const all = expectContract(await get('/api/get-problem-list'), pageOf(problemListRow)) as z.infer<
      ReturnType<typeof pageOf<typeof problemListRow>>
    >;
    expect(all.records.map((row) => row.problemId)).toEqual(['99', '1000']);
    expect(all).toMatchObject({ total: 2, size: 10, current: 1, pages: 1 });
    expect(all.records[1]).toMatchObject({ pid, type: 0, difficulty: 1, total: 0, ac: 0, score: null });
    expect(all.records[1]?.tags.map((tag) => tag.name).sort()).toEqual(['greedy', 'math']);
    const ids = (url: string) =>
      get(url).then((reply) => (reply.json().data.records as { problemId: string }[]).map((row) => row.problemId));
    const mathId = all.records[1]?.tags.find((tag) => tag.name === 'math')?.id;
    expect(await ids('/api/get-problem-list?keyword=seco')).toEqual(['99']);
    expect(await ids('/api/get-problem-list?difficulty=1')).toEqual(['1000']);
    expect(await ids(`/api/get-problem-list?tagId=${mathId}`)).toEqual(['1000']);
    expect(await ids(`/api/get-problem-list?tagId=${encodeURIComponent(`[${mathId}]`)}`)).toEqual(['1000']);
    expect(await ids(`/api/get-problem-list?tagId=${mathId},999`)).toEqual([]);
    expect(await ids('/api/get-problem-list?tagId=notalist')).toEqual(['99', '1000']);
    expect(await ids('/api/get-problem-list?oj=CF')).toEqual([]);
    expect(await ids('/api/get-problem-list?oj=Mine')).toEqual(['99', '1000']);
    const paged = (await get('/api/get-problem-list?limit=1&currentPage=2')).json().data;
    expect(paged).toMatchObject({ total: 2, size: 1, current: 2, pages: 2 });
    expect(paged.records.map((row: { problemId: string }) => row.problemId)).toEqual(['1000']);
    expect((await get('/api/get-problem-list?limit=0&currentPage=-3')).json().data).toMatchObject({
      size: 10,
      current: 1,
    });
  });

  it('GET /api/get-problem-detail, get-random-problem, get-problem-code-template, languages, get-problem-languages, get-problem-tags', async () => {
    const detail = expectContract(await get('/api/get-problem-detail?problemId=1000'), problemDetailReply) as z.infer<
      typeof problemDetailReply
    >;
    expect(Object.keys(detail.problem).sort()).toEqual(Object.keys(problemEntity.shape).sort());
    expect(detail.problem).toMatchObject({ id: pid, problemId: '1000', spjCode: null, judgeExtraFile: null });
    expect(detail.languages).toEqual(['C++', 'Python3']);
    expect(detail.codeTemplate).toEqual({ 'C++': 'int main() {}' });
    expect(detail.problemCount).toEqual({
      pid,
      total: 0,
      ac: 0,
      mle: 0,
      tle: 0,
      re: 0,
      pe: 0,
      ce: 0,
      wa: 0,
      se: 0,
      pa: 0,
    });
    const random = (await get('/api/get-random-problem')).json();
    expect(['1000', '99']).toContain(random.data.problemId);
    expectContract(await get(`/api/get-problem-code-template?pid=${pid}`), z.array(codeTemplateRow));
    const languages = expectContract(await get('/api/languages?all=true'), z.array(languageRow)) as {
      name: string;
      runCommand: string;
    }[];
    expect(languages.map((language) => language.name)).toContain('C++');
    // The help page's run command rides in a field HOJ's client ignores (issue 11).
    expect(languages.find((language) => language.name === 'Kotlin')?.runCommand).toMatch(/-jar \/box\/main\.jar$/);
    const own = expectContract(await get(`/api/get-problem-languages?pid=${pid}`), z.array(languageRow)) as {
      name: string;
    }[];
    expect(own.map((language) => language.name)).toEqual(['C++', 'Python3']);
    expectContract(await get(`/api/get-problem-tags?pid=${pid}`), z.array(tagRow));
    expect((await get('/api/get-problem-detail?problemId=nope')).json()).toMatchObject({ status: 404 });
    expect((await get('/api/get-problem-detail')).statusCode).toBe(400);
  });

  it('GET /api/get-all-problem-tags and get-problem-tags-and-classification group tags under their classification', async () => {
    expectContract(await get('/api/get-all-problem-tags?oj=ME'), z.array(tagRow));
    const groups = expectContract(
      await get('/api/get-problem-tags-and-classification?oj=ME'),
      z.array(tagGroup),
    ) as z.infer<typeof tagGroup>[];
    expect(groups.map((group) => [group.classification?.name ?? null, group.tagList.map((tag) => tag.name)])).toEqual([
      ['Basics', ['math']],
      [null, ['greedy']],
    ]);
    expectContract(await get('/api/admin/tag/classification?oj=ME', root), z.array(tagClassificationRow));
  });

  it('admin reads: get-problem-list, problem, get-problem-cases; file upload-testcase-zip', async () => {
    const list = expectContract(await get('/api/admin/problem/get-problem-list', root), pageOf(problemEntity)) as {
      records: { problemId: string }[];
    };
    expect(list.records.map((row) => row.problemId)).toEqual(['P3', '99', '1000']);
    const problem = expectContract(await get(`/api/admin/problem?pid=${pid}`, root), problemEntity);
    expect(problem).toMatchObject({ id: pid, isUploadCase: false });
    expectContract(await get(`/api/admin/problem/get-problem-cases?pid=${pid}`, root), z.array(problemCaseRow));
    const upload = multipartZip('t.zip', zipSync({ '1.in': new Uint8Array([49]), '1.out': new Uint8Array([49]) }));
    const uploaded = await harness.app.inject({
      method: 'POST',
      url: '/api/file/upload-testcase-zip',
      headers: { authorization: root, ...upload.headers },
      payload: upload.payload,
    });
    expectContract(uploaded, uploadTestCaseReply);
  });

  it('tag admin: duplicate names, edit, delete classification (its tags stay, unclassified), delete tag', async () => {
    const duplicate = await send('POST', '/api/admin/tag', { name: 'MATH', oj: 'ME' });
    expect(duplicate.json()).toMatchObject({ status: 400, msg: '该标签名称已存在！请勿重复添加！' });
    const tags = (await get('/api/get-all-problem-tags')).json().data as {
      id: number;
      name: string;
      tcid: number | null;
    }[];
    const math = tags.find((tag) => tag.name === 'math');
    const edited = await send('PUT', '/api/admin/tag', {
      id: math?.id,
      name: 'maths',
      color: null,
      oj: 'ME',
      tcid: math?.tcid,
    });
    expect(edited.json()).toMatchObject({ status: 200, data: null });
    await send('DELETE', `/api/admin/tag/classification?tcid=${math?.tcid}`);
    const groups = (await get('/api/get-problem-tags-and-classification')).json().data;
    expect(groups).toEqual([{ classification: null, tagList: expect.any(Array) }]);
    expect((await send('DELETE', `/api/admin/tag?tid=${math?.id}`)).json()).toMatchObject({ status: 200 });
    const left = (await get(`/api/get-problem-tags?pid=${pid}`)).json().data as { name: string }[];
    expect(left.map((tag) => tag.name)).toEqual(['greedy']);
    expect((await send('DELETE', `/api/admin/tag?tid=${math?.id}`)).json()).toMatchObject({
      status: 400,
      msg: '删除失败',
    });
  });
});
