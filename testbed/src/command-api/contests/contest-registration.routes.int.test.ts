import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureRootUser } from '@oj/command/testing';
import { startApiHarness, type ApiHarness } from '../api-harness';
import { cheapHash, registerTestAccount } from '../account-seeding';

const hour = 3600_000;
const english = { 'accept-language': 'en-US' };
const contestForm = {
  title: 'Locked Cup',
  type: 0,
  auth: 1,
  pwd: 'open-sesame',
  startTime: new Date(Date.now() - hour).toISOString(),
  endTime: new Date(Date.now() + hour).toISOString(),
};

describe('POST /api/register-contest under its attempt lock', () => {
  let harness: ApiHarness;
  let contestId: number;
  let root: string;
  const tokens = new Map<string, string>();

  async function logIn(username: string, password: string): Promise<string> {
    const reply = await harness.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
    return String(reply.headers.authorization);
  }

  async function contestant(username: string): Promise<string> {
    await registerTestAccount(harness, { username, passwordHash: await cheapHash('secret1') });
    return logIn(username, 'secret1');
  }

  const register = (username: string, password: string) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/register-contest',
      payload: { cid: contestId, password },
      headers: { ...english, authorization: tokens.get(username) ?? '' },
    });

  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
    await ensureRootUser({ store: harness.store, password: 'rootpass' });
    root = await logIn('root', 'rootpass');
    await harness.app.inject({
      method: 'POST',
      url: '/api/admin/contest',
      headers: { authorization: root },
      payload: contestForm,
    });
    const list = await harness.app.inject({
      url: '/api/admin/contest/get-contest-list?keyword=Locked',
      headers: { authorization: root },
    });
    contestId = list.json().data.records[0].id;
    for (const username of ['guesser', 'bystander']) tokens.set(username, await contestant(username));
  });
  afterAll(async () => {
    await harness.close();
  });

  it('F9: locks the password after ten wrong tries and refuses the right one while locked, appending nothing', async () => {
    const eventsBefore = await harness.eventCount();
    for (let attempt = 0; attempt < 10; attempt++) {
      const wrong = await register('guesser', `guess-${attempt}`);
      expect(wrong.json()).toEqual({ status: 400, msg: 'Wrong contest password, please try again!', data: null });
    }
    const locked = await register('guesser', 'open-sesame');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      status: 403,
      msg: 'Too many requests, please try again in 1800 seconds!',
      data: null,
    });
    expect(await harness.eventCount()).toBe(eventsBefore);
  });

  it('F9: the lock is per user and contest: another user registers with the right password', async () => {
    expect((await register('bystander', 'open-sesame')).json()).toEqual({ status: 200, msg: 'success', data: null });
  });

  it('F9: keeps the password sealed in events and read models, shows it to the admin, and a save keeps it', async () => {
    const stored = await harness.pool.query<{ data: string }>(
      "SELECT data::text AS data FROM event_store.events WHERE event_type IN ('ContestCreated', 'ContestSettingsChanged')",
    );
    const row = await harness.pool.query<{ settings: string }>('SELECT settings::text AS settings FROM contests');
    for (const text of [...stored.rows.map((event) => event.data), ...row.rows.map((contest) => contest.settings)]) {
      expect(text).not.toContain('open-sesame');
      expect(text).toContain('sealed:v1:');
    }
    const admin = await harness.app.inject({
      url: `/api/admin/contest?cid=${contestId}`,
      headers: { authorization: root },
    });
    expect(admin.json().data.pwd).toBe('open-sesame');
    // The back office sends the shown password back on every save: the contest is unchanged, registrations stay.
    const saved = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/contest',
      headers: { authorization: root },
      payload: { ...contestForm, id: contestId, description: 'edited' },
    });
    expect(saved.json().status).toBe(200);
    const access = await harness.app.inject({
      url: `/api/get-contest-access?cid=${contestId}`,
      headers: { authorization: tokens.get('bystander') ?? '' },
    });
    expect(access.json().data).toEqual({ access: true });
  });
});
