import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresEventStore, usernameClaimStream, type EventStore } from '@oj/events';
import { createTestDatabase, type TestDatabase } from '@oj/events/testing';
import { usernameClaimModel } from '../users/claim.state';
import { claimUsername } from '../users/register-user';
import { CommandRejected } from './command-rejected';
import { handleCommand } from './handle-command';
import type { StreamModel } from './decider';

type Tick = { type: 'Ticked'; data: { count: number } };
const counter: StreamModel<number, Tick> = {
  initialState: 0,
  evolve: (_state, event) => event.data.count,
  parse: (event) => (event.type === 'Ticked' ? (event as Tick) : null),
};

describe('handleCommand', () => {
  let database: TestDatabase;
  let store: EventStore;
  const dependencies = () => ({ store, newEventId: () => randomUUID() });
  beforeAll(async () => {
    database = await createTestDatabase(inject('databaseUrl'));
    store = await createPostgresEventStore({ connectionString: database.url, maxConnections: 6 });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('re-reads and decides again on a revision conflict, so concurrent writers all land in order', async () => {
    const tick = (count: number): Tick[] => [{ type: 'Ticked', data: { count: count + 1 } }];
    await Promise.all(Array.from({ length: 4 }, () => handleCommand(dependencies(), 'counter-1', counter, tick)));
    const events = await store.readStream('counter-1');
    expect(events.map((event) => (event.data as { count: number }).count)).toEqual([1, 2, 3, 4]);
  });

  it('lets exactly one of several concurrent registrations claim a username', async () => {
    const attempts = ['u1', 'u2', 'u3', 'u4'].map((userId) =>
      handleCommand(
        dependencies(),
        usernameClaimStream('Zed'),
        usernameClaimModel,
        claimUsername({
          userId,
          username: 'Zed',
          email: `${userId}@example.com`,
          passwordHash: '$argon2id$x',
          role: 'default_user',
          registeredAt: '2026-01-01T00:00:00.000Z',
        }),
      ),
    );
    const outcomes = await Promise.allSettled(attempts);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(CommandRejected);
    }
    expect(await store.readStream(usernameClaimStream('zed'))).toHaveLength(1);
  });
});
