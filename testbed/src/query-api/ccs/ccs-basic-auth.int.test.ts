import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contestStream, usernameClaimStream, userStream } from '@oj/events';
import { aContestCreated, aUserRegistered, aUsernameClaimed, someContestSettings } from '@oj/events/testing';
import { argon2idHasher, manualClock } from '@oj/platform';
import { ccsAccount } from '@oj/contracts';
import { startQueryApi, type QueryApiHarness, type TestEvent } from '../query-api-harness';

const root = '000000000000000000000000000000r1';
const alice = '000000000000000000000000000000u1';
const mallory = '000000000000000000000000000000u3';
const hasher = argon2idHasher({ memoryCost: 1024, timeCost: 1 });
const by = (actorId: string) => ({ actorId, clientIp: '10.0.0.7', correlationId: 'c', causationId: 'c' });

async function account(userId: string, username: string, role: 'root' | 'default_user'): Promise<TestEvent[]> {
  const passwordHash = await hasher.hash(`${username}-secret`);
  return [
    {
      stream: usernameClaimStream(username),
      ...aUsernameClaimed({ username, userId }),
      metadata: by(userId),
    },
    {
      stream: userStream(userId),
      ...aUserRegistered({ userId, username, email: `${username}@x.test`, role, passwordHash }),
      metadata: by(userId),
    },
  ];
}

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

describe('ICPC Contest API basic auth over the site accounts (docs/ccs.md)', () => {
  let api: QueryApiHarness;
  const clock = manualClock(new Date('2026-03-01T11:00:00.000Z'));
  const get = (url: string, authorization: string, remoteAddress = '10.1.0.1') =>
    api.inject({ method: 'GET', url, headers: { authorization }, remoteAddress });

  beforeAll(async () => {
    const settings = someContestSettings({
      auth: 0,
      startAt: '2026-03-01T10:00:00.000Z',
      endAt: '2026-03-01T15:00:00.000Z',
    });
    api = await startQueryApi(inject('databaseUrl'), {
      clock,
      history: [
        ...(await account(root, 'root', 'root')),
        ...(await account(alice, 'alice', 'default_user')),
        ...(await account(mallory, 'mallory', 'default_user')),
        {
          stream: contestStream(1),
          type: 'ContestCreated',
          data: aContestCreated({ contestId: 1, createdBy: root, settings }),
          metadata: by(root),
        },
      ],
    });
  });
  afterAll(() => api?.close());

  it('maps the account to its role: root is the admin role (accounts), a plain user is not', async () => {
    const asRoot = await get('/api/ccs/contests/1/accounts', basic('root', 'root-secret'));
    expect(asRoot.statusCode).toBe(200);
    ccsAccount.array().parse(asRoot.json());
    expect((await get('/api/ccs/contests/1/accounts', basic('alice', 'alice-secret'))).statusCode).toBe(403);
    expect((await get('/api/ccs/contests/1', basic('alice', 'alice-secret'))).statusCode).toBe(200);
  });

  it('answers wrong credentials, unknown accounts and malformed headers with 401 and WWW-Authenticate', async () => {
    for (const authorization of [basic('alice', 'wrong'), basic('nobody', 'x'), 'Basic !!!', basic('', 'x')]) {
      const response = await get('/api/ccs/contests/1', authorization, '10.2.0.1');
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Basic realm=/);
    }
    // Without credentials the caller is the public role, as before: no 401, the contest's rule (board closed: 403).
    const anonymous = await api.inject({ method: 'GET', url: '/api/ccs/contests/1' });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.headers['www-authenticate']).toBeUndefined();
  });

  it('locks an account after 20 failures from any addresses, in the sign-in counter /login uses', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await get('/api/ccs/contests/1', basic('mallory', 'guess'), `10.3.0.${attempt + 1}`);
      expect(response.statusCode).toBe(401);
    }
    // The right password no longer opens it, from yet another address: the account is locked, not the address.
    const locked = await get('/api/ccs/contests/1', basic('mallory', 'mallory-secret'), '10.4.0.1');
    expect(locked.statusCode).toBe(429);
    // Other accounts still sign in from there.
    expect((await get('/api/ccs/contests/1', basic('alice', 'alice-secret'), '10.4.0.1')).statusCode).toBe(200);
  });

  it('locks an address after 30 failures over any names', async () => {
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await get('/api/ccs/contests/1', basic(`nobody${attempt}`, 'x'), '10.5.0.1')).statusCode).toBe(401);
    }
    expect((await get('/api/ccs/contests/1', basic('alice', 'alice-secret'), '10.5.0.1')).statusCode).toBe(429);
  });
});
