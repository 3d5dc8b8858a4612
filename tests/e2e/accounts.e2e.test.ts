import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMailedCode } from '../support/mailbox';
import { startTestStack, type TestStack } from '../support/stack';

describe('accounts journey', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ judgeWorkers: 0 });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('registers by the mailed code, logs in, sees its role, and logs out so the old token gets 401', async () => {
    const email = 'zoe@example.com';
    const sent = await stack.request('/api/get-register-code?email=' + encodeURIComponent(email), {
      headers: { 'accept-language': 'en-US' },
    });
    expect(sent.body.status).toBe(200);
    const code = await waitForMailedCode(stack.outboxDir, email);

    const registered = await stack.request('/api/register', {
      method: 'POST',
      body: { username: 'zoe', password: 'secret1', email, code },
    });
    expect(registered.body).toEqual({ status: 200, msg: 'success', data: null });

    const login = await stack.request<{ username: string }>('/api/login', {
      method: 'POST',
      body: { username: 'zoe', password: 'secret1' },
    });
    expect(login.body.data.username).toBe('zoe');
    const token = login.headers.get('authorization');
    if (!token) throw new Error('login sent no Authorization header');

    const auth = await stack.request<{ roles: string[] }>('/api/get-user-auth-info', { token });
    expect(auth.body.data.roles).toEqual(['default_user']);

    const logout = await stack.request('/api/logout', { token });
    expect(logout.body.status).toBe(200);
    const after = await stack.request('/api/get-user-auth-info', { token });
    expect(after.httpStatus).toBe(401);
  });

  it('lets the super admin root log in with ROOT_PASSWORD', async () => {
    const login = await stack.request<{ roleList: string[] }>('/api/login', {
      method: 'POST',
      body: { username: 'root', password: stack.rootPassword },
    });
    expect(login.body.data.roleList).toEqual(['root']);
  });
});
