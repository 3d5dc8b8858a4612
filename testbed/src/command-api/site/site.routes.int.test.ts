import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../api-harness';
import { logInAsRoot } from '../root-session';

describe('site admin calls over HTTP', () => {
  let harness: ApiHarness;
  let rootToken: string;
  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
    rootToken = await logInAsRoot(harness);
  });
  afterAll(async () => {
    await harness.close();
  });

  it('saves the switches, which get-website-config and switch/info then show', async () => {
    const saved = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/switch/update',
      headers: { authorization: rootToken },
      payload: { openPublicDiscussion: false, defaultSubmitInterval: 20, cfUsernameList: ['x'], cfPasswordList: ['y'] },
    });
    expect(saved.json()).toMatchObject({ status: 200 });
    const config = await harness.app.inject({ url: '/api/get-website-config' });
    expect(config.json().data).toMatchObject({ openPublicDiscussion: false, openGroupDiscussion: true });
    const info = await harness.app.inject({ url: '/api/admin/switch/info', headers: { authorization: rootToken } });
    expect(info.json().data).toMatchObject({
      openPublicDiscussion: false,
      defaultSubmitInterval: 20,
      cfUsernameList: [],
    });
  });

  it('reads back the web config for root, and refuses anonymous callers with HTTP 401', async () => {
    const config = await harness.app.inject({
      url: '/api/admin/config/get-web-config',
      headers: { authorization: rootToken },
    });
    expect(config.json().data).toMatchObject({ baseUrl: 'http://oj.test', register: true });
    expect(config.json().data).not.toHaveProperty('email');
    const anonymous = await harness.app.inject({ method: 'PUT', url: '/api/admin/switch/update', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
