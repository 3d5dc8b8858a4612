import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '@oj/platform';
import { announcementSchema, pageOf } from '@oj/contracts';
import { startApiHarness, type ApiHarness } from '../api-harness';
import { logInAsRoot } from '../root-session';

const announcementPage = envelope(pageOf(announcementSchema));

describe('announcement calls over HTTP', () => {
  let harness: ApiHarness;
  let root: string;
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    harness.app.inject({ method, url, headers: { authorization: root }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
    root = await logInAsRoot(harness);
  });
  afterAll(async () => {
    await harness.close();
  });

  it('publishes, edits, hides and deletes; the home panel shows visible ones newest first and the admin list all', async () => {
    expect(
      (await send('POST', '/api/admin/announcement', { title: 'First', content: '# one', status: 0 })).json(),
    ).toEqual({
      status: 200,
      msg: 'success',
      data: null,
    });
    await send('POST', '/api/admin/announcement', { title: 'Second', content: 'two', status: 0, uid: 'someone-else' });
    await send('POST', '/api/admin/announcement', { title: 'Draft', content: 'three', status: 1 });

    const home = announcementPage.parse(
      (await harness.app.inject({ url: '/api/get-common-announcement?limit=5' })).json(),
    );
    expect(home.data.records.map((row) => row.title)).toEqual(['Second', 'First']);
    expect(home.data).toMatchObject({ total: 2, size: 5, current: 1, pages: 1 });
    expect(home.data.records[0]).toMatchObject({ username: 'root', status: 0 });
    const secondId = home.data.records[0]?.id ?? 0;

    await send('PUT', '/api/admin/announcement', { id: secondId, title: 'Second!', content: 'two', status: 1 });
    const admin = announcementPage.parse(
      (await harness.app.inject({ url: '/api/admin/announcement', headers: { authorization: root } })).json(),
    );
    expect(admin.data.records.map((row) => [row.title, row.status])).toEqual([
      ['Draft', 1],
      ['Second!', 1],
      ['First', 0],
    ]);

    await send('DELETE', `/api/admin/announcement?aid=${secondId}`);
    const after = announcementPage.parse(
      (await harness.app.inject({ url: '/api/admin/announcement', headers: { authorization: root } })).json(),
    );
    expect(after.data.total).toBe(2);
  });

  it('answers the spec messages for a missing title, an unknown id and an anonymous caller, appending nothing', async () => {
    const before = await harness.eventCount();
    const noTitle = await send('POST', '/api/admin/announcement', { title: ' ', content: 'x' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toEqual({ status: 400, msg: '公告标题不能为空', data: null });
    const unknown = await send('PUT', '/api/admin/announcement', { id: 999, title: 'x', content: 'y', status: 0 });
    expect(unknown.json()).toMatchObject({ status: 400, msg: '修改失败，该公告已不存在！' });
    const gone = await send('DELETE', '/api/admin/announcement?aid=999');
    expect(gone.json()).toMatchObject({ status: 404, msg: '删除失败，该公告不存在！' });
    const anonymous = await harness.app.inject({
      method: 'POST',
      url: '/api/admin/announcement',
      payload: { title: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await harness.eventCount()).toBe(before);
  });

  it('pages with HOJ defaults: limit 10, a page past the end is empty with the true total', async () => {
    const page = z
      .object({
        data: z.object({ size: z.number(), current: z.number(), total: z.number(), records: z.array(z.unknown()) }),
      })
      .parse((await harness.app.inject({ url: '/api/get-common-announcement?currentPage=9' })).json());
    expect(page.data).toMatchObject({ size: 10, current: 9, total: 1, records: [] });
  });
});
