import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contestStream, submissionStream, userStream } from '@oj/events';
import {
  aContestCreated,
  aSubmissionCreated,
  aUserLoggedIn,
  aUserRegistered,
  someContestSettings,
} from '@oj/events/testing';
import { envelope, manualClock } from '@oj/platform';
import { startQueryApi, type QueryApiHarness, type TestEvent } from '../query-api-harness';
import { dashboardInfoSchema, loginSessionSchema, quarantinedEventsSchema } from '@oj/contracts';

const now = new Date('2026-06-10T12:00:00.000Z');
const root = '000000000000000000000000000000r1';
const admin = '000000000000000000000000000000a1';
const plain = '000000000000000000000000000000u1';

function account(userId: string, username: string, role: 'root' | 'admin' | 'default_user'): TestEvent {
  return { stream: userStream(userId), ...aUserRegistered({ userId, username, email: `${username}@x.test`, role }) };
}

function login(userId: string, ip: string, userAgent: string, loggedInAt: string): TestEvent {
  return { stream: userStream(userId), ...aUserLoggedIn({ userId, ip, userAgent, loggedInAt }) };
}

/** A contest from `startAt` for five hours; `groupId` makes it a group contest. */
function contest(contestId: number, startAt: string, extra: { groupId?: number } = {}): TestEvent {
  const endAt = new Date(new Date(startAt).getTime() + 5 * 3600_000).toISOString();
  return {
    stream: contestStream(contestId),
    type: 'ContestCreated',
    data: aContestCreated({
      contestId,
      groupId: extra.groupId ?? null,
      settings: someContestSettings({ startAt, endAt }),
    }),
  };
}

function submission(submissionId: number, submittedAt: string, contestId: number | null = null): TestEvent {
  return {
    stream: submissionStream(submissionId),
    type: 'SubmissionCreated',
    data: aSubmissionCreated({ submissionId, userId: plain, contestId, submittedAt }),
  };
}

const history: TestEvent[] = [
  account(root, 'root', 'root'),
  account(admin, 'ada', 'admin'),
  account(plain, 'ulla', 'default_user'),
  login(root, '10.0.0.1', 'Firefox on Linux', '2026-06-08T08:00:00.000Z'),
  login(root, '10.0.0.2', 'Chrome on Windows', '2026-06-09T08:00:00.000Z'),
  login(root, '10.0.0.3', 'Safari on macOS', '2026-06-10T08:00:00.000Z'),
  login(admin, '10.0.0.9', 'Edge', '2026-06-10T09:00:00.000Z'),
  contest(1, '2026-06-10T10:00:00.000Z'), // running now
  contest(2, '2026-06-24T23:00:00.000Z'), // starts on the 14th day ahead: counted
  contest(3, '2026-06-25T00:00:00.000Z'), // starts on the 15th day: not counted
  contest(4, '2026-06-09T00:00:00.000Z'), // ended yesterday
  contest(5, '2026-06-11T00:00:00.000Z', { groupId: 7 }), // a group contest
  contest(6, '2026-06-12T00:00:00.000Z'), // hidden below
  {
    stream: contestStream(6),
    type: 'ContestVisibilityChanged',
    data: { contestId: 6, visible: false, changedBy: root, changedAt: '2026-06-01T00:00:00.000Z' },
  },
  submission(1, '2026-06-09T23:59:59.999Z'),
  submission(2, '2026-06-10T00:00:00.000Z'),
  submission(3, '2026-06-10T11:00:00.000Z', 1),
  submission(4, '2026-06-10T23:59:59.000Z'),
  submission(5, '2026-06-11T00:00:00.000Z'),
  // Stored before the command side checked the catalogue (F5): its start is past year 9999.
  {
    stream: contestStream(9),
    type: 'ContestCreated',
    data: aContestCreated({ contestId: 9, settings: someContestSettings({ startAt: '+010000-01-01T00:00:00.000Z' }) }),
  },
];

describe('back-office dashboard calls over HTTP (admin §5.1)', () => {
  let api: QueryApiHarness;

  const call = (method: 'GET' | 'POST', url: string, userId: string | null) => api.inject({ method, url, as: userId });

  beforeAll(async () => {
    api = await startQueryApi(inject('databaseUrl'), { history, clock: manualClock(now) });
  });
  afterAll(() => api?.close());

  it('counts every user, the recent public contests and the submissions of today (UTC)', async () => {
    const reply = await call('GET', '/api/admin/dashboard/get-dashboard-info', admin);
    const body = envelope(dashboardInfoSchema).parse(reply.json());
    expect(body).toEqual({ status: 200, msg: 'success', data: { userNum: 3, recentContestNum: 2, todayJudgeNum: 3 } });
  });

  it("answers the caller's previous login: the second newest, or the only one", async () => {
    const ofRoot = envelope(loginSessionSchema).parse(
      (await call('POST', '/api/admin/dashboard/get-sessions', root)).json(),
    );
    expect(ofRoot.data).toMatchObject({
      uid: root,
      ip: '10.0.0.2',
      userAgent: 'Chrome on Windows',
      gmtCreate: '2026-06-09T08:00:00.000Z',
    });
    const ofAdmin = envelope(loginSessionSchema).parse(
      (await call('POST', '/api/admin/dashboard/get-sessions', admin)).json(),
    );
    expect(ofAdmin.data).toMatchObject({ uid: admin, ip: '10.0.0.9', userAgent: 'Edge' });
  });

  it("takes get-sessions as HOJ's admin client sends it: the bare uid as a form body (issue 11 item 5)", async () => {
    const reply = await api.inject({
      method: 'POST',
      url: '/api/admin/dashboard/get-sessions',
      as: root,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: root,
    });
    expect(reply.statusCode).toBe(200);
    expect(envelope(loginSessionSchema).parse(reply.json()).data).toMatchObject({ uid: root, ip: '10.0.0.2' });
  });

  it('F5: shows root the events projections quarantined, and refuses every other role', async () => {
    const reply = await call('GET', '/api/admin/dashboard/get-quarantined-events', root);
    const body = envelope(quarantinedEventsSchema).parse(reply.json());
    const contests = body.data.records.find((record) => record.projection === 'contests');
    expect(contests).toMatchObject({ stream: contestStream(9), eventType: 'ContestCreated' });
    expect(contests?.error).toContain('settings.startAt');
    expect(body.data.total).toBe(body.data.records.length);
    expect((await call('GET', '/api/admin/dashboard/get-quarantined-events', admin)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/dashboard/get-quarantined-events', null)).statusCode).toBe(401);
  });

  it('refuses a plain user with HTTP 403 and an anonymous caller with HTTP 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/dashboard/get-dashboard-info'],
      ['POST', '/api/admin/dashboard/get-sessions'],
    ] as const) {
      expect((await call(method, url, plain)).statusCode).toBe(403);
      expect((await call(method, url, null)).statusCode).toBe(401);
    }
  });
});
