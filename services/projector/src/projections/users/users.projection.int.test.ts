import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import { userStream } from '@oj/events';
import {
  aUserEmailChanged,
  aUserLoggedIn,
  aUserLoggedOut,
  aUserProfileEdited,
  aUserRegistered,
} from '@oj/events/testing';
import {
  createProjectionTestbed,
  expectDuplicateDeliveryChangesNothing,
  expectIncrementalEqualsRebuild,
  type ProjectionTestbed,
  type TestEvent,
} from '../../runner/testing';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { usersProjection } from './users.projection';

const snapshot = (db: Kysely<Database>) => db.selectFrom('users').selectAll().orderBy('user_id').execute();

type Step = 'login' | 'logout' | 'email' | 'profile';

/** One user's history: registered first, then any mix of steps; generations rise with each logout. */
function historyOf(userId: string, steps: readonly Step[], nickname: string): TestEvent[] {
  const stream = userStream(userId);
  const events: TestEvent[] = [
    { stream, ...aUserRegistered({ userId, username: `user-${userId}`, email: `${userId}@a.example` }) },
  ];
  let generation = 0;
  steps.forEach((step, index) => {
    const at = new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString();
    if (step === 'login') events.push({ stream, ...aUserLoggedIn({ userId, loggedInAt: at }) });
    if (step === 'logout') events.push({ stream, ...aUserLoggedOut({ userId, sessionGeneration: (generation += 1) }) });
    if (step === 'email')
      events.push({ stream, ...aUserEmailChanged({ userId, email: `${userId}.${index}@b.example` }) });
    if (step === 'profile') events.push({ stream, ...aUserProfileEdited({ userId, nickname: `${nickname}${index}` }) });
  });
  return events;
}

const histories = fc
  .array(
    fc.record({
      steps: fc.array(fc.constantFrom<Step>('login', 'logout', 'email', 'profile'), { maxLength: 6 }),
      nickname: fc.string({ maxLength: 6 }),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((users) => users.flatMap((user, index) => historyOf(`u${index}`, user.steps, user.nickname)));

describe('usersProjection', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('keeps the account, profile, login time and session generation, without the password hash', async () => {
    await testbed.reset(usersProjection);
    await testbed.append(historyOf('u1', ['login', 'logout', 'profile', 'logout', 'email'], 'Al'));
    await testbed.runToHead(usersProjection);
    const [row] = await snapshot(testbed.db);
    expect(row).toMatchObject({
      user_id: 'u1',
      username: 'user-u1',
      session_generation: 2,
      nickname: 'Al2',
      email: 'u1.4@b.example',
    });
    expect(row?.last_login_at).toBeInstanceOf(Date);
    expect(JSON.stringify(row)).not.toContain('argon2');
  });

  it('ignores a duplicate delivery', async () => {
    await expectDuplicateDeliveryChangesNothing(
      testbed,
      usersProjection,
      historyOf('u1', ['login', 'logout', 'email', 'profile', 'logout'], 'Bo'),
      snapshot,
    );
  });

  it('builds the same rows incrementally as by a rebuild', async () => {
    await expectIncrementalEqualsRebuild(testbed, usersProjection, histories, snapshot, { numRuns: 8 });
  });
});
