import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { websiteConfig } from '@oj/contracts';
import { settledHeadAfterCommits } from '@oj/events/testing';
import { checkpointsReached } from '@oj/platform';
import { projections, rebuildProjection } from '@oj/projector';
import { codeIn, startApiHarness, type ApiHarness } from '../api-harness';

const english = { 'accept-language': 'en-US' };

describe('registration and session over HTTP', () => {
  let harness: ApiHarness;
  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
  });
  afterAll(async () => {
    await harness.close();
  });

  async function registerCode(email: string): Promise<string> {
    const reply = await harness.app.inject({ url: '/api/get-register-code', query: { email }, headers: english });
    expect(reply.json()).toMatchObject({ status: 200, data: { email } });
    return codeIn(await harness.mailTo(email));
  }

  async function register(username: string, email: string, password = 'secret1') {
    const code = await registerCode(email);
    return harness.app.inject({ method: 'POST', url: '/api/register', payload: { username, password, email, code } });
  }

  it('answers get-website-config with the spec 000 §3 fields and HOJ extras', async () => {
    const reply = await harness.app.inject({ url: '/api/get-website-config' });
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body).toMatchObject({ status: 200, msg: 'success' });
    // spec 000 §3 plus HOJ's baseUrl, register and email: the contract's fields, no more and no fewer.
    expect(Object.keys(body.data).sort()).toEqual(Object.keys(websiteConfig.shape).sort());
    expect(body.data).toMatchObject({ baseUrl: 'http://oj.test', register: true, openPublicDiscussion: true });
  });

  it('registers by mailed code, logs in, lists the role, and logs out so the old token gets 401', async () => {
    const registered = await register('alice', 'alice@example.com');
    expect(registered.json()).toEqual({ status: 200, msg: 'success', data: null });

    const login = await harness.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'alice', password: 'secret1' },
    });
    expect(login.json()).toMatchObject({ status: 200, data: { username: 'alice', roleList: ['default_user'] } });
    const token = login.headers.authorization;
    expect(typeof token).toBe('string');
    expect(String(token)).not.toMatch(/^Bearer/);

    const auth = await harness.app.inject({
      url: '/api/get-user-auth-info',
      headers: { authorization: String(token) },
    });
    expect(auth.json()).toEqual({ status: 200, msg: 'success', data: { roles: ['default_user'], permissions: null } });

    const logout = await harness.app.inject({ url: '/api/logout', headers: { authorization: String(token) } });
    expect(logout.json()).toMatchObject({ status: 200, msg: '登出成功' });

    const after = await harness.app.inject({
      url: '/api/get-user-auth-info',
      headers: { authorization: String(token) },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ status: 401 });
  });

  it('refuses a taken username, a 5-character password and a wrong code with the spec messages, appending nothing', async () => {
    await register('bob', 'bob@example.com');
    const before = await harness.eventCount();

    const takenCode = await registerCode('bob2@example.com');
    const taken = await harness.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: english,
      payload: { username: 'BOB', password: 'secret1', email: 'bob2@example.com', code: takenCode },
    });
    expect(taken.json()).toEqual({ status: 400, msg: 'The username already exists', data: null });

    const short = await harness.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'carol', password: '12345', email: 'bob2@example.com', code: takenCode },
    });
    expect(short.json()).toEqual({ status: 400, msg: '密码长度应该为6~64位！', data: null });

    const wrongCode = await harness.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        username: 'carol',
        password: 'secret1',
        email: 'bob2@example.com',
        code: takenCode === '000000' ? '111111' : '000000',
      },
    });
    expect(wrongCode.json()).toEqual({ status: 400, msg: '验证码不正确', data: null });

    expect(await harness.eventCount()).toBe(before);
  });

  it('catches up after a projector restart, and a rebuild leaves identical rows', async () => {
    await harness.stopProjector();
    for (const name of ['dave', 'erin', 'frank']) {
      const reply = await register(name, `${name}@example.com`);
      expect(reply.json().status).toBe(200);
    }
    const missing = await harness.db
      .selectFrom('users')
      .select('username')
      .where('username', 'in', ['dave', 'erin', 'frank'])
      .execute();
    expect(missing).toHaveLength(0);

    harness.startProjector();
    const head = await settledHeadAfterCommits(harness.store, harness.pool);
    expect(await checkpointsReached(harness.pool, head, { timeoutMs: 30_000, projections: ['users'] })).toBe(true);
    const rows = () => harness.db.selectFrom('users').selectAll().orderBy('user_id').execute();
    const caughtUp = await rows();
    expect(caughtUp.map((row) => row.username)).toEqual(expect.arrayContaining(['dave', 'erin', 'frank']));

    const users = projections.find((projection) => projection.name === 'users');
    if (!users) throw new Error('users projection not registered');
    await harness.stopProjector();
    await rebuildProjection({ db: harness.db, store: harness.store, projection: users });
    expect(await rows()).toEqual(caughtUp);
    harness.startProjector();
  });
});
