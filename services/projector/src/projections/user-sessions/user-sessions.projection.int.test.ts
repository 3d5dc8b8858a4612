import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { userStream } from '@oj/events';
import { aUserLoggedIn, aUserLoggedOut } from '@oj/events/testing';
import type { Database } from '@oj/read-models';
import {
  createProjectionTestbed,
  expectDuplicateDeliveryChangesNothing,
  expectIncrementalEqualsRebuild,
  type ProjectionTestbed,
  type TestEvent,
} from '../../runner/testing';
import { userSessionsProjection } from './user-sessions.projection';

const snapshot = (db: Kysely<Database>) =>
  db.selectFrom('user_sessions').selectAll().orderBy('user_id').orderBy('login_position').execute();

/** A login of `userId` from `ip`, `minute` minutes into 2026; a logout in between changes nothing here. */
function login(userId: string, ip: string, minute: number): TestEvent {
  const loggedInAt = new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
  return { stream: userStream(userId), ...aUserLoggedIn({ userId, ip, userAgent: `agent ${minute}`, loggedInAt }) };
}

const histories = fc
  .array(fc.record({ user: fc.constantFrom('u1', 'u2', 'u3'), isLogout: fc.boolean() }), { maxLength: 12 })
  .map((steps) =>
    steps.map(({ user, isLogout }, index): TestEvent =>
      isLogout
        ? { stream: userStream(user), ...aUserLoggedOut({ userId: user, sessionGeneration: index + 1 }) }
        : login(user, `10.0.0.${index}`, index),
    ),
  );

describe('userSessionsProjection', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('keeps the two newest logins of each user, with ip, user agent and time', async () => {
    await testbed.reset(userSessionsProjection);
    await testbed.append([login('u1', '10.0.0.1', 1), login('u2', '10.0.0.2', 2)]);
    await testbed.append([login('u1', '10.0.0.3', 3), login('u1', '10.0.0.4', 4)]);
    await testbed.runToHead(userSessionsProjection);
    const rows = await snapshot(testbed.db);
    expect(rows.map((row) => [row.user_id, row.ip, row.user_agent])).toEqual([
      ['u1', '10.0.0.3', 'agent 3'],
      ['u1', '10.0.0.4', 'agent 4'],
      ['u2', '10.0.0.2', 'agent 2'],
    ]);
    expect(rows[1]?.logged_in_at).toEqual(new Date('2026-01-01T00:04:00.000Z'));
  });

  it('ignores a duplicate delivery', async () => {
    await expectDuplicateDeliveryChangesNothing(
      testbed,
      userSessionsProjection,
      [login('u1', '10.0.0.1', 1), login('u1', '10.0.0.2', 2), login('u1', '10.0.0.3', 3), login('u2', 'a', 4)],
      snapshot,
    );
  });

  it('drops again a late duplicate of a login it already dropped', async () => {
    await testbed.reset(userSessionsProjection);
    await testbed.append([login('u1', '10.0.0.1', 1), login('u1', '10.0.0.2', 2), login('u1', '10.0.0.3', 3)]);
    await testbed.runToHead(userSessionsProjection);
    const kept = await snapshot(testbed.db);
    const [oldest] = await testbed.readAll();
    if (!oldest) throw new Error('no event was appended');
    await userSessionsProjection.apply(oldest, testbed.db);
    expect(await snapshot(testbed.db)).toEqual(kept);
  });

  it('builds the same rows incrementally as by a rebuild', async () => {
    await expectIncrementalEqualsRebuild(testbed, userSessionsProjection, histories, snapshot, { numRuns: 10 });
  });
});
