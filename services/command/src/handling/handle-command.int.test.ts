import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresEventStore, usernameClaimStream, type EventStore, type TagEvent } from '@oj/events';
import { createTestDatabase, type TestDatabase } from '@oj/events/testing';
import { usernameClaimModel } from '../users/claim.state';
import { claimUsername } from '../users/register-user';
import { CommandRejected } from './command-rejected';
import { EventFailsCatalogue, handleCommand } from './handle-command';
import type { StreamModel } from './decider';

/** A counter over a catalogued event (handleCommand appends nothing else): the newest tag id is the count. */
type Tick = Extract<TagEvent, { type: 'TagAdded' }>;
const tick = (count: number): Tick => ({
  type: 'TagAdded',
  data: {
    tagId: count,
    name: `t${count}`,
    color: null,
    oj: 'ME',
    classificationId: null,
    addedAt: '2026-01-01T00:00:00Z',
  },
});
const counter: StreamModel<number, Tick> = {
  initialState: 0,
  evolve: (_state, event) => event.data.tagId,
  parse: (event) => (event.type === 'TagAdded' ? (event as Tick) : null),
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
    const next = (count: number): Tick[] => [tick(count + 1)];
    await Promise.all(Array.from({ length: 4 }, () => handleCommand(dependencies(), 'counter-1', counter, next)));
    const events = await store.readStream('counter-1');
    expect(events.map((event) => (event.data as { tagId: number }).tagId)).toEqual([1, 2, 3, 4]);
  });

  it('F5: refuses an event that fails its catalogue schema with a 400 and appends nothing', async () => {
    const fractional = { ...tick(1), data: { ...tick(1).data, tagId: 1.5 } };
    const refused = handleCommand(dependencies(), 'counter-2', counter, () => [tick(1), fractional]);
    await expect(refused).rejects.toBeInstanceOf(EventFailsCatalogue);
    await expect(refused).rejects.toMatchObject({ status: 400, httpStatus: 400 });
    await expect(refused).rejects.toMatchObject({ logDetail: expect.stringContaining('tagId') });
    expect(await store.readStream('counter-2')).toEqual([]);
  });

  it('refuses an event type the catalogue does not know as a system error and appends nothing', async () => {
    const unknown = { type: 'Ticked', data: {} } as unknown as Tick;
    const refused = handleCommand(dependencies(), 'counter-3', counter, () => [unknown]);
    await expect(refused).rejects.toThrow('Ticked is not in the event catalogue');
    expect(await store.readStream('counter-3')).toEqual([]);
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
