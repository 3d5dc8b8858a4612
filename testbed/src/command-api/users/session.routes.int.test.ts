import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RoleName } from '@oj/events';
import { startApiHarness, type ApiHarness } from '../api-harness';
import { cheapHash, registerTestAccount } from '../account-seeding';

const english = { 'accept-language': 'en-US' };
const password = 'secret1';

describe('back-office sign-in and sign-out over HTTP (admin §5.1)', () => {
  let harness: ApiHarness;
  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
    for (const [username, role] of [
      ['root', 'root'],
      ['ada', 'admin'],
      ['pat', 'problem_admin'],
      ['ulla', 'default_user'],
      ['una', 'default_user'],
      ['bea', 'admin'],
      ['lou', 'admin'],
      ['vic', 'default_user'],
    ] as const) {
      await createAccount(username, role);
    }
  });
  afterAll(async () => {
    await harness.close();
  });

  /** Accounts with any role straight through the registration command (the site only registers default users). */
  async function createAccount(username: string, role: RoleName): Promise<void> {
    await registerTestAccount(harness, { username, role, passwordHash: await cheapHash(password) });
  }

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
  const adminLogin = (username: string, secret = password, headers: Record<string, string> = {}) =>
    post('/api/admin/login', { username, password: secret }, headers);

  it('refuses blank fields with HTTP 400 and the field message, like /api/login', async () => {
    const noName = await post('/api/admin/login', { username: ' ', password });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({ status: 400, msg: '用户名不能为空', data: null });
    const noPassword = await post('/api/admin/login', { username: 'root' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({ status: 400, msg: '密码不能为空', data: null });
  });

  it('reads a form body as a JSON one, and no body as blank fields (the route declares its body schema)', async () => {
    const remoteAddress = '203.0.113.9';
    const form = await harness.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: `username=ada&password=${password}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress,
    });
    expect(form.json()).toMatchObject({ status: 200, data: { username: 'ada', roleList: ['admin'] } });
    expect(form.headers.authorization).toBeDefined();
    const before = await harness.eventCount();
    const none = await harness.app.inject({ method: 'POST', url: '/api/login', remoteAddress });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ status: 400, msg: '用户名不能为空', data: null });
    expect(await harness.eventCount()).toBe(before);
  });

  it('refuses a wrong password or an unknown user with body 400 and no token', async () => {
    for (const reply of [await adminLogin('root', 'wrong-pw'), await adminLogin('nobody')]) {
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ status: 400, msg: '用户名或密码错误！请注意大小写！', data: null });
      expect(reply.headers.authorization).toBeUndefined();
    }
  });

  it('signs in root, admin and problem_admin with their roleList and a token', async () => {
    for (const [username, role] of [
      ['root', 'root'],
      ['ada', 'admin'],
      ['pat', 'problem_admin'],
    ]) {
      const reply = await adminLogin(username ?? '');
      expect(reply.json()).toMatchObject({ status: 200, msg: 'success', data: { username, roleList: [role] } });
      const token = String(reply.headers.authorization);
      const auth = await harness.app.inject({ url: '/api/get-user-auth-info', headers: { authorization: token } });
      expect(auth.json().data.roles).toEqual([role]);
    }
  });

  it('records each login with its ip and user agent; get-sessions answers the previous one', async () => {
    await adminLogin('pat', password, { 'user-agent': 'Firefox/140 on Linux' });
    const latest = await adminLogin('pat', password, { 'user-agent': 'Chrome/139 on Android' });
    const sessions = await harness.app.inject({
      method: 'POST',
      url: '/api/admin/dashboard/get-sessions',
      headers: { authorization: String(latest.headers.authorization) },
    });
    expect(sessions.json()).toMatchObject({
      status: 200,
      data: { userAgent: 'Firefox/140 on Linux', ip: '127.0.0.1' },
    });
  });

  it('refuses a plain user with body 401 on HTTP 200, issuing no token and appending no event', async () => {
    const before = await harness.eventCount();
    const reply = await adminLogin('ulla');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 401, msg: '该账号并非管理员账号，无权登录！', data: null });
    expect(reply.headers.authorization).toBeUndefined();
    const inEnglish = await adminLogin('ulla', password, english);
    expect(inEnglish.json().msg).toBe('This account is not an administrator account and cannot sign in here!');
    expect(await harness.eventCount()).toBe(before);
    // The site's own login still admits the account.
    expect((await post('/api/login', { username: 'ulla', password })).json().status).toBe(200);
  });

  it('reports a ban after a correct password only', async () => {
    await adminLogin('bea');
    await harness.db.updateTable('users').set({ status: 1 }).where('username', '=', 'bea').execute();
    expect((await adminLogin('bea', 'wrong-pw')).json().msg).toBe('用户名或密码错误！请注意大小写！');
    const banned = await adminLogin('bea');
    expect(banned.json()).toEqual({ status: 400, msg: '该账户已被封禁，请联系管理员进行处理！', data: null });
    expect(banned.headers.authorization).toBeUndefined();
  });

  it('shares the 20-failure lock per (username, ip) with /api/login', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      await post('/api/login', { username: 'lou', password: 'wrong-pw' });
      await adminLogin('lou', 'wrong-pw');
    }
    for (const reply of [await adminLogin('lou'), await post('/api/login', { username: 'lou', password })]) {
      expect(reply.json()).toEqual({
        status: 400,
        msg: '对不起！登录失败次数过多！您的账号有风险，半个小时内暂时无法登录！',
        data: null,
      });
    }
  });

  it('F8: refuses a password sprayed across many usernames from one address, with HTTP 429 in the envelope', async () => {
    const sprayer = { remoteAddress: '198.51.100.7' };
    const names = ['root', 'ada', 'pat', 'ulla', 'nobody', 'noone', 'ghost'];
    for (let attempt = 0; attempt < 30; attempt++) {
      const name = names[attempt % names.length] ?? 'nobody';
      const reply = await harness.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: attempt >= names.length ? `${name}${attempt}` : name, password: 'Spring2026' },
        ...sprayer,
      });
      expect(reply.json().msg).toBe('用户名或密码错误！请注意大小写！');
    }
    const refused = await harness.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'una', password },
      headers: english,
      ...sprayer,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: 403,
      msg: expect.stringMatching(/^Too many requests, please try again in (899|900) seconds!$/),
      data: null,
    });
    expect(refused.headers.authorization).toBeUndefined();
    const elsewhere = await harness.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'ada', password },
      remoteAddress: '198.51.100.8',
    });
    expect(elsewhere.json().status).toBe(200);
  });

  it('F8: locks an account guessed from many addresses, the lock growing with each try while locked', async () => {
    for (let address = 1; address <= 20; address++) {
      const reply = await harness.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'vic', password: `guess-${address}` },
        remoteAddress: `192.0.2.${address}`,
      });
      expect(reply.json().msg).toBe('用户名或密码错误！请注意大小写！');
    }
    const attempt = (remoteAddress: string) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'vic', password },
        headers: english,
        remoteAddress,
      });
    const locked = await attempt('192.0.2.100');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toBe('Too many requests, please try again in 3600 seconds!');
    expect((await attempt('192.0.2.101')).json().msg).toBe('Too many requests, please try again in 7200 seconds!');
    const other = await harness.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ulla', password },
      remoteAddress: '192.0.2.100',
    });
    expect(other.json().status).toBe(200);
  });

  it('ends every session of the admin on /api/admin/logout; plain users get HTTP 403', async () => {
    const first = String((await adminLogin('ada')).headers.authorization);
    const second = String((await post('/api/login', { username: 'ada', password })).headers.authorization);
    const logout = await harness.app.inject({ url: '/api/admin/logout', headers: { authorization: first } });
    expect(logout.json()).toEqual({ status: 200, msg: '退出登录成功！', data: null });
    for (const token of [first, second]) {
      const after = await harness.app.inject({ url: '/api/get-user-auth-info', headers: { authorization: token } });
      expect(after.statusCode).toBe(401);
    }

    const plain = String((await post('/api/login', { username: 'una', password })).headers.authorization);
    const refused = await harness.app.inject({ url: '/api/admin/logout', headers: { authorization: plain } });
    expect(refused.statusCode).toBe(403);
    expect((await harness.app.inject({ url: '/api/admin/logout' })).statusCode).toBe(401);
    const stillIn = await harness.app.inject({ url: '/api/get-user-auth-info', headers: { authorization: plain } });
    expect(stillIn.statusCode).toBe(200);
  });
});
