import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresEventStore, type EventStore, type TagEvent } from '@oj/events';
import { createTestDatabase, type TestDatabase } from '@oj/events/testing';
import { checkpointsReached, createPool, migrateDatabase } from '@oj/platform';
import { awaitWrites, type AwaitProjections } from './await-projection';
import type { StreamModel } from './decider';
import { handleCommand } from './handle-command';

type TagAdded = Extract<TagEvent, { type: 'TagAdded' }>;
const tagsModel: StreamModel<null, TagAdded> = { initialState: null, evolve: () => null, parse: () => null };
const addTag = (): TagAdded[] => [
  {
    type: 'TagAdded',
    data: { tagId: 1, name: 'dp', color: null, oj: 'ME', classificationId: null, addedAt: '2026-01-01T00:00:00Z' },
  },
];

describe('awaitWrites over the real checkpoints table', () => {
  let database: TestDatabase;
  let store: EventStore;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await createTestDatabase(inject('databaseUrl'));
    await migrateDatabase(database.url);
    pool = createPool(database.url, { max: 4 });
    store = await createPostgresEventStore({ connectionString: database.url, maxConnections: 2 });
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await database.drop();
  });

  /** The projector's checkpoint row as the projector runner writes it: position and the event types it handles. */
  const checkpoint = (name: string, position: bigint, eventTypes: string[]) =>
    pool.query(
      `INSERT INTO projection_checkpoints (name, position, event_types) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET position = excluded.position, event_types = excluded.event_types`,
      [name, position.toString(), eventTypes],
    );

  it('F5: a command waits only for its projections: a stalled unrelated projection does not delay it', async () => {
    // A scoreboard stuck at 0 (before F5's quarantine, a poison contest event held it there for good).
    await checkpoint('acm-scoreboard', 0n, ['ContestCreated', 'SubmissionJudged']);
    const handled = await handleCommand({ store, newEventId: randomUUID }, 'tags', tagsModel, addTag);
    await checkpoint('tags', handled.position ?? 0n, ['TagAdded', 'TagDeleted']);
    const outcomes: boolean[] = [];
    const waitFor: AwaitProjections = async (position, eventTypes) => {
      outcomes.push(
        await checkpointsReached(pool, position, { timeoutMs: 1000, ...(eventTypes ? { eventTypes } : {}) }),
      );
    };
    await awaitWrites(waitFor, handled);
    expect(outcomes).toEqual([true]);
    // Without the types, the stalled scoreboard holds the command for the whole timeout.
    await awaitWrites(waitFor, handled.position);
    expect(outcomes).toEqual([true, false]);
  });
});
