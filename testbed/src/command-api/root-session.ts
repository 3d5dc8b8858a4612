import { ensureRootUser } from '@oj/command/testing';
import type { ApiHarness } from './api-harness';

/** Creates root (as `npm start` does) and logs in over HTTP; returns the Authorization header value. */
export async function logInAsRoot(harness: ApiHarness, password = 'rootpass'): Promise<string> {
  await ensureRootUser({ store: harness.store, password });
  const login = await harness.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'root', password },
  });
  return String(login.headers.authorization);
}
