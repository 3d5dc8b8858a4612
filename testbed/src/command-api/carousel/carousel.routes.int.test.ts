import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '@oj/platform';
import { carouselImageSchema } from '@oj/contracts';
import { startApiHarness, type ApiHarness } from '../api-harness';
import { multipartBody } from '../multipart-body';
import { logInAsRoot } from '../root-session';

const pngBytes = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');

describe('carousel calls over HTTP', () => {
  let harness: ApiHarness;
  let root: string;
  const upload = (fileName: string, bytes: Buffer, url = '/api/file/upload-carouse-img') => {
    const body = multipartBody('file', fileName, bytes);
    return harness.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, authorization: root },
    });
  };

  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
    root = await logInAsRoot(harness);
  });
  afterAll(async () => {
    await harness.close();
  });

  it('uploads an image that home-carousel lists and /api/public/img serves, until it is deleted', async () => {
    const uploaded = envelope(carouselImageSchema).parse((await upload('banner.PNG', pngBytes)).json());
    expect(uploaded.data.url).toMatch(/^\/api\/public\/img\/[0-9a-f]{64}\.png$/);
    const second = envelope(carouselImageSchema).parse(
      (
        await upload('b.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), '/api/file/upload-carousel-img')
      ).json(),
    );

    const listed = envelope(z.array(carouselImageSchema)).parse(
      (await harness.app.inject({ url: '/api/home-carousel' })).json(),
    );
    expect(listed.data).toEqual([uploaded.data, second.data]);

    const image = await harness.app.inject({ url: uploaded.data.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(pngBytes)).toBe(true);
    const svg = await harness.app.inject({ url: second.data.url.replace('/img/', '/file/') });
    expect(svg.headers['content-security-policy']).toContain('sandbox');

    const removed = await harness.app.inject({
      method: 'DELETE',
      url: `/api/admin/config/home-carousel?id=${uploaded.data.id}`,
      headers: { authorization: root },
    });
    expect(removed.json()).toEqual({ status: 200, msg: 'success', data: null });
    const after = envelope(z.array(carouselImageSchema)).parse(
      (await harness.app.inject({ url: '/api/home-carousel' })).json(),
    );
    expect(after.data).toEqual([second.data]);
    expect((await harness.app.inject({ url: uploaded.data.url })).statusCode).toBe(404);
  });

  it('refuses a wrong type, a missing file, an unknown id and a non-root caller with the spec messages', async () => {
    const before = await harness.eventCount();
    expect((await upload('notes.txt', Buffer.from('x'))).json()).toMatchObject({
      status: 400,
      msg: '请选择jpg,jpeg,gif,png,webp,jfif,svg格式的头像图片！',
    });
    const empty = await harness.app.inject({
      method: 'POST',
      url: '/api/file/upload-carouse-img',
      headers: { authorization: root },
    });
    expect(empty.json()).toMatchObject({ status: 400, msg: '上传的图片文件不能为空！' });
    const unknown = await harness.app.inject({
      method: 'DELETE',
      url: '/api/admin/config/home-carousel?id=77',
      headers: { authorization: root },
    });
    expect(unknown.json()).toMatchObject({ status: 400, msg: '文件id错误，图片不存在' });
    const anonymous = await harness.app.inject({ method: 'POST', url: '/api/file/upload-carouse-img' });
    expect(anonymous.statusCode).toBe(401);
    expect(await harness.eventCount()).toBe(before);
    expect((await harness.app.inject({ url: `/api/public/img/${'0'.repeat(64)}.png` })).statusCode).toBe(404);
  });
});
