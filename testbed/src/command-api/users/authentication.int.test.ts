import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { manualClock } from '@oj/platform';
import { codeIn, startApiHarness, type ApiHarness } from '../api-harness';

describe('call classes and token refresh over HTTP (api-core §0.3)', () => {
  const clock = manualClock(new Date('2026-05-01T00:00:00Z'));
  let harness: ApiHarness;
  let token: string;
  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'), { clock });
    const email = 'mia@example.com';
    await harness.app.inject({ url: '/api/get-register-code', query: { email }, headers: { 'accept-language': 'en' } });
    const code = codeIn(await harness.mailTo(email));
    await harness.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'mia', password: 'secret1', email, code },
    });
    const login = await harness.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'mia', password: 'secret1' },
    });
    token = String(login.headers.authorization);
  });
  afterAll(async () => {
    await harness.close();
  });

  it('runs an anon call anonymously when the token is garbage', async () => {
    const reply = await harness.app.inject({ url: '/api/get-website-config', headers: { authorization: 'garbage' } });
    expect(reply.statusCode).toBe(200);
  });

  it('answers a login call with HTTP 401: no token means "log in first", a bad one "login expired"', async () => {
    const none = await harness.app.inject({ url: '/api/get-user-auth-info' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ status: 401, msg: '请您先登录！', data: null });
    const bad = await harness.app.inject({ url: '/api/get-user-auth-info', headers: { authorization: 'garbage' } });
    expect(bad.json()).toEqual({ status: 401, msg: '登录状态已失效，请重新登录！', data: null });
  });

  it('refreshes a token older than 12 h in the reply headers; both tokens work until expiry', async () => {
    clock.advanceBy(12 * 3600_000 + 1000);
    const reply = await harness.app.inject({ url: '/api/get-user-auth-info', headers: { authorization: token } });
    expect(reply.json().status).toBe(200);
    expect(reply.headers['refresh-token']).toBe('true');
    const fresh = String(reply.headers.authorization);
    expect(fresh).not.toBe(token);
    const again = await harness.app.inject({ url: '/api/get-user-auth-info', headers: { authorization: fresh } });
    expect(again.headers['refresh-token']).toBeUndefined();

    clock.advanceBy(12 * 3600_000);
    const expired = await harness.app.inject({ url: '/api/get-user-auth-info', headers: { authorization: token } });
    expect(expired.statusCode).toBe(401);
    const stillFresh = await harness.app.inject({ url: '/api/get-user-auth-info', headers: { authorization: fresh } });
    expect(stillFresh.statusCode).toBe(200);
  });

  it('does not refresh on anon calls', async () => {
    clock.advanceBy(13 * 3600_000);
    const login = await harness.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'mia', password: 'secret1' },
    });
    const current = String(login.headers.authorization);
    clock.advanceBy(13 * 3600_000);
    const reply = await harness.app.inject({ url: '/api/get-website-config', headers: { authorization: current } });
    expect(reply.headers['refresh-token']).toBeUndefined();
  });
});
