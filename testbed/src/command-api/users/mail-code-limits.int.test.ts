import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { codeIn, startApiHarness, type ApiHarness } from '../api-harness';

const english = { 'accept-language': 'en-US' };

describe('mailed codes under abuse limits over HTTP', () => {
  let harness: ApiHarness;
  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
  });
  afterAll(async () => {
    await harness.close();
  });

  const register = (payload: Record<string, string>) =>
    harness.app.inject({ method: 'POST', url: '/api/register', payload, headers: english });

  async function codeFor(email: string): Promise<string> {
    await harness.app.inject({ url: '/api/get-register-code', query: { email }, headers: english });
    return codeIn(await harness.mailTo(email));
  }

  it('F7: deletes the register code after five wrong ones, so the sixth try fails even with the right code', async () => {
    const email = 'target@example.com';
    const code = await codeFor(email);
    const wrong = code === '000000' ? '000001' : '000000';
    const user = { username: 'thief', password: 'secret1', email };
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await register({ ...user, code: wrong })).json().msg).toBe('The code is incorrect');
    }
    const sixth = await register({ ...user, code });
    expect(sixth.json()).toEqual({ status: 400, msg: 'The code does not exist or has expired', data: null });
    expect(await harness.eventCount()).toBe(0);
  });

  it('F7: a new code starts the count again, and four wrong tries leave the right code working', async () => {
    const email = 'owner@example.com';
    const code = await codeFor(email);
    const wrong = code === '000000' ? '000001' : '000000';
    const user = { username: 'owner', password: 'secret1', email };
    for (let attempt = 0; attempt < 4; attempt++) await register({ ...user, code: wrong });
    expect((await register({ ...user, code })).json().status).toBe(200);
  });

  it('F7: refuses a change-email code for a list of recipients and mails nothing', async () => {
    const token = await registerAndLogIn('mover');
    const mailsBefore = harness.mails.length;
    for (const email of [
      'victim1@example.test,victim2@example.test',
      'victim1@example.test, "Any Name" <victim3@example.test>',
      'Any Name <victim3@example.test>',
      'victim1@example.test;victim2@example.test',
    ]) {
      const reply = await harness.app.inject({
        url: '/api/get-change-email-code',
        query: { email },
        headers: { ...english, authorization: token },
      });
      expect(reply.json()).toEqual({ status: 400, msg: 'The email format is wrong!', data: null });
    }
    expect(harness.mails.length).toBe(mailsBefore);
  });

  it('F7: locks change-email codes per account as well as per address', async () => {
    const token = await registerAndLogIn('hopper');
    const ask = (email: string) =>
      harness.app.inject({
        url: '/api/get-change-email-code',
        query: { email },
        headers: { ...english, authorization: token },
      });
    expect((await ask('first@example.com')).json().status).toBe(200);
    const second = await ask('second@example.com');
    expect(second.json().status).toBe(400);
    expect(second.json().msg).toMatch(/30/);
    expect(harness.mails.filter((mail) => mail.to === 'second@example.com')).toEqual([]);
  });

  it('F8: limits register codes per client address with HTTP 429', async () => {
    const address = { remoteAddress: '203.0.113.50' };
    for (let request = 0; request < 10; request++) {
      const reply = await harness.app.inject({
        url: '/api/get-register-code',
        query: { email: `batch${request}@example.com` },
        ...address,
      });
      expect(reply.statusCode).toBe(200);
    }
    const refused = await harness.app.inject({
      url: '/api/get-register-code',
      query: { email: 'batch10@example.com' },
      ...address,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: 403,
      msg: expect.stringMatching(/^您的操作过于频繁，请在\d+秒后再试！$/),
      data: null,
    });
  });

  async function registerAndLogIn(username: string): Promise<string> {
    const email = `${username}@example.com`;
    const code = await codeFor(email);
    await register({ username, password: 'secret1', email, code });
    const login = await harness.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: 'secret1' },
    });
    return String(login.headers.authorization);
  }
});
