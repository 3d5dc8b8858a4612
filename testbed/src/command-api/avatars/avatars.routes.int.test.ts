import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '@oj/platform';
import { uploadAvatarReply, userHomeSchema } from '@oj/contracts';
import { startApiHarness, type ApiHarness } from '../api-harness';
import { multipartBody } from '../multipart-body';
import { logInAsRoot } from '../root-session';
import { maxAvatarBytes } from '@oj/command/testing';

/** upload-avatar's reply (files §6): the contract's, with the avatar this upload must have set. */
const avatarReply = envelope(uploadAvatarReply.extend({ avatar: z.string() }));

describe('avatar upload over HTTP', () => {
  let harness: ApiHarness;
  let token: string;
  const upload = (fileName: string, bytes: Buffer) => {
    const body = multipartBody('image', fileName, bytes, 'image/png');
    return harness.app.inject({
      method: 'POST',
      url: '/api/file/upload-avatar',
      payload: body.payload,
      headers: { ...body.headers, authorization: token },
    });
  };

  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
    token = await logInAsRoot(harness);
  });
  afterAll(async () => {
    await harness.close();
  });

  it('stores the cropped image and shows its URL in the reply, the user home and the served file', async () => {
    const bytes = Buffer.alloc(maxAvatarBytes, 7);
    const reply = avatarReply.parse((await upload('avatar.png', bytes)).json());
    expect(reply.data.avatar).toMatch(/^\/api\/public\/img\/[0-9a-f]{64}\.png$/);
    expect(reply.data.username).toBe('root');

    const home = envelope(userHomeSchema).parse(
      (await harness.app.inject({ url: '/api/get-user-home-info?username=root' })).json(),
    );
    expect(home.data.avatar).toBe(reply.data.avatar);
    const served = await harness.app.inject({ url: reply.data.avatar });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBe(maxAvatarBytes);
    // The nav shows the user info that login answers.
    const login = await harness.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'root', password: 'rootpass' },
    });
    expect(login.json()).toMatchObject({ data: { avatar: reply.data.avatar } });
  });

  it('refuses a file over 2 MB, a wrong type, no file and an anonymous caller, appending nothing', async () => {
    const before = await harness.eventCount();
    expect((await upload('big.png', Buffer.alloc(maxAvatarBytes + 1, 1))).json()).toMatchObject({
      status: 400,
      msg: '上传的头像图片文件大小不能大于2M！',
    });
    expect((await upload('face.tiff', Buffer.from('x'))).json()).toMatchObject({
      status: 400,
      msg: '请选择jpg,jpeg,gif,png,webp,bmp格式的头像图片！',
    });
    const empty = await harness.app.inject({
      method: 'POST',
      url: '/api/file/upload-avatar',
      headers: { authorization: token },
    });
    expect(empty.json()).toMatchObject({ status: 400, msg: '上传的头像图片文件不能为空！' });
    const anonymous = await harness.app.inject({ method: 'POST', url: '/api/file/upload-avatar' });
    expect(anonymous.statusCode).toBe(401);
    expect(await harness.eventCount()).toBe(before);
  });
});
