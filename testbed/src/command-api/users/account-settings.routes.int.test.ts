import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureRootUser } from '@oj/command/testing';
import { codeIn, startApiHarness, type ApiHarness } from '../api-harness';

const english = { 'accept-language': 'en-US' };

describe('account calls over HTTP', () => {
  let harness: ApiHarness;
  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
  });
  afterAll(async () => {
    await harness.close();
  });

  async function registerAndLogin(username: string, password = 'secret1'): Promise<string> {
    const email = `${username}@example.com`;
    await harness.app.inject({ url: '/api/get-register-code', query: { email }, headers: english });
    const code = codeIn(await harness.mailTo(email));
    await harness.app.inject({ method: 'POST', url: '/api/register', payload: { username, password, email, code } });
    return login(username, password);
  }

  async function login(username: string, password: string): Promise<string> {
    const reply = await harness.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
    expect(reply.json().status, JSON.stringify(reply.json())).toBe(200);
    return String(reply.headers.authorization);
  }

  it('tells whether a username or an email exists', async () => {
    await registerAndLogin('gina');
    const reply = await harness.app.inject({
      method: 'POST',
      url: '/api/check-username-or-email',
      payload: { username: 'GINA', email: 'nobody@example.com' },
    });
    expect(reply.json().data).toEqual({ username: true, email: false });
  });

  it('resets a password through captcha and mailed link, ending old sessions', async () => {
    const oldToken = await registerAndLogin('hank');
    const captcha = (await harness.app.inject({ url: '/api/captcha' })).json().data as {
      img: string;
      captchaKey: string;
    };
    expect(captcha.img).toMatch(/^data:image\/svg\+xml;base64,/);
    const answer = await harness.db
      .selectFrom('ephemeral_secrets')
      .select('value')
      .where('key', '=', `captcha:${captcha.captchaKey}`)
      .executeTakeFirstOrThrow();
    const apply = await harness.app.inject({
      method: 'POST',
      url: '/api/apply-reset-password',
      headers: english,
      payload: { email: 'hank@example.com', captcha: answer.value, captchaKey: captcha.captchaKey },
    });
    expect(apply.json()).toMatchObject({ status: 200 });
    const mail = harness.mails.filter((candidate) => candidate.to === 'hank@example.com').at(-1);
    const code = /code=([0-9a-f]{21})/.exec(mail?.body.replace(/=\r?\n/g, '').replaceAll('=3D', '=') ?? '')?.[1];
    expect(code).toBeDefined();
    const reset = await harness.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { username: 'hank', password: 'newsecret', code },
    });
    expect(reset.json()).toMatchObject({ status: 200 });
    const stale = await harness.app.inject({ url: '/api/get-user-auth-info', headers: { authorization: oldToken } });
    expect(stale.statusCode).toBe(401);
    await login('hank', 'newsecret');
  });

  it('changes the password, answering failures inside data and locking after five', async () => {
    let token = await registerAndLogin('ivan');
    const change = (oldPassword: string) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/change-password',
        headers: { authorization: token, ...english },
        payload: { oldPassword, newPassword: 'another1' },
      });
    const wrong = await change('not-it!');
    expect(wrong.json()).toMatchObject({ status: 200, data: { code: 400, userInfo: null } });
    expect(wrong.json().data.msg).toContain('1 times');
    const right = await change('secret1');
    expect(right.json()).toMatchObject({ status: 200, data: { code: 200 } });
    // F19: the change ended the old token; the reply carries the caller's new one.
    token = String(right.headers.authorization);
    await login('ivan', 'another1');
    for (let attempt = 0; attempt < 5; attempt++) await change('wrong-again');
    expect((await change('another1')).json().data.code).toBe(403);
  });

  it('changes the email with the mailed code and edits the profile', async () => {
    const token = await registerAndLogin('judy');
    const headers = { authorization: token, ...english };
    const taken = await harness.app.inject({
      url: '/api/get-change-email-code',
      query: { email: 'gina@example.com' },
      headers,
    });
    expect(taken.json()).toMatchObject({
      status: 400,
      msg: 'This email is used by someone else, please choose another one!',
    });
    await harness.app.inject({ url: '/api/get-change-email-code', query: { email: 'judy2@example.com' }, headers });
    const code = codeIn(await harness.mailTo('judy2@example.com'));
    const changed = await harness.app.inject({
      method: 'POST',
      url: '/api/change-email',
      headers,
      payload: { password: 'secret1', newEmail: 'judy2@example.com', code },
    });
    expect(changed.json()).toMatchObject({
      status: 200,
      data: { code: 200, userInfo: { email: 'judy2@example.com' } },
    });
    // F19: the change ended the old token; the reply carries the caller's new one.
    headers.authorization = String(changed.headers.authorization);
    const check = await harness.app.inject({
      method: 'POST',
      url: '/api/check-username-or-email',
      payload: { email: 'judy@example.com' },
    });
    expect(check.json().data.email).toBe(false);

    const edited = await harness.app.inject({
      method: 'POST',
      url: '/api/change-userInfo',
      headers,
      payload: { nickname: 'JJ', school: 'Somewhere' },
    });
    expect(edited.json()).toMatchObject({
      status: 200,
      data: { nickname: 'JJ', school: 'Somewhere', username: 'judy' },
    });
    const tooLong = await harness.app.inject({
      method: 'POST',
      url: '/api/change-userInfo',
      headers,
      payload: { nickname: 'x'.repeat(21) },
    });
    expect(tooLong.json()).toEqual({ status: 400, msg: 'The nickname is too long, please edit it again!', data: null });
  });

  it("F19: a password change ends the user's other sessions and hands the caller a fresh token", async () => {
    // Given a user signed in twice (a second device, or a stolen token)
    const mine = await registerAndLogin('lena');
    const other = await login('lena', 'secret1');
    // When the password changes on the first session
    const changed = await harness.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: { authorization: mine, ...english },
      payload: { oldPassword: 'secret1', newPassword: 'secret2' },
    });
    expect(changed.json()).toMatchObject({ status: 200, data: { code: 200 } });
    // Then both old tokens are refused, and the token the reply carried works
    const authInfo = (authorization: string) =>
      harness.app.inject({ url: '/api/get-user-auth-info', headers: { authorization } });
    expect((await authInfo(other)).statusCode).toBe(401);
    expect((await authInfo(mine)).statusCode).toBe(401);
    expect((await authInfo(String(changed.headers.authorization))).json()).toMatchObject({ status: 200 });
    expect(changed.headers['refresh-token']).toBe('true');
  });

  it("F19: an email change ends the user's other sessions too", async () => {
    const mine = await registerAndLogin('mona');
    const other = await login('mona', 'secret1');
    const headers = { authorization: mine, ...english };
    await harness.app.inject({ url: '/api/get-change-email-code', query: { email: 'mona2@example.com' }, headers });
    const code = codeIn(await harness.mailTo('mona2@example.com'));
    const changed = await harness.app.inject({
      method: 'POST',
      url: '/api/change-email',
      headers,
      payload: { password: 'secret1', newEmail: 'mona2@example.com', code },
    });
    expect(changed.json()).toMatchObject({ status: 200, data: { code: 200 } });
    const authInfo = (authorization: string) =>
      harness.app.inject({ url: '/api/get-user-auth-info', headers: { authorization } });
    expect((await authInfo(other)).statusCode).toBe(401);
    expect((await authInfo(String(changed.headers.authorization))).json()).toMatchObject({ status: 200 });
  });

  it('F19: a 64-character password registers, logs in and can be changed to; 65 is refused', async () => {
    const long = 'p'.repeat(63) + '!';
    const token = await registerAndLogin('nora', long);
    await login('nora', long);
    const change = (newPassword: string) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/change-password',
        headers: { authorization: token, ...english },
        payload: { oldPassword: long, newPassword },
      });
    const tooLong = await change('q'.repeat(65));
    expect(tooLong.json()).toEqual({
      status: 400,
      msg: 'The new password must be 6 to 64 characters long!',
      data: null,
    });
    expect((await change('q'.repeat(64))).json()).toMatchObject({ status: 200, data: { code: 200 } });
    await login('nora', 'q'.repeat(64));
  });

  it('locks login after 20 failures for one username and ip', async () => {
    await registerAndLogin('kate');
    for (let attempt = 0; attempt < 20; attempt++) {
      await harness.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'kate', password: 'wrong-pw' },
      });
    }
    const locked = await harness.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: english,
      payload: { username: 'kate', password: 'secret1' },
    });
    expect(locked.json().msg).toContain('Too many failed logins');
  });

  it('lets only root change the website config, which get-website-config then shows', async () => {
    const outcome = await ensureRootUser({
      store: harness.store,
      password: 'rootpass',
      awaitProjections: async () => undefined,
    });
    expect(outcome.created).toBe(true);
    expect(await ensureRootUser({ store: harness.store, password: 'rootpass' })).toEqual({ created: false });
    const userToken = await registerAndLogin('leo');
    const body = { name: 'Test OJ', shortName: 'TOJ', register: false };
    const denied = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/config/set-web-config',
      headers: { authorization: userToken },
      payload: body,
    });
    expect(denied.statusCode).toBe(403);

    const rootToken = await login('root', 'rootpass');
    const roles = await harness.app.inject({ url: '/api/get-user-auth-info', headers: { authorization: rootToken } });
    expect(roles.json().data.roles).toEqual(['root']);
    const saved = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/config/set-web-config',
      headers: { authorization: rootToken },
      payload: body,
    });
    expect(saved.json()).toMatchObject({ status: 200 });
    const config = await harness.app.inject({ url: '/api/get-website-config' });
    expect(config.json().data).toMatchObject({ name: 'Test OJ', shortName: 'TOJ', register: false });
    const closed = await harness.app.inject({ url: '/api/get-register-code', query: { email: 'new@example.com' } });
    expect(closed.json()).toMatchObject({ status: 401, msg: '对不起！本站暂未开启注册功能！' });
  });
});
