import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import type { RecordedEvent } from '@oj/events';
import { createKysely, readModelChangedChannel, readModelChangeSchema, type ReadModelChange } from '@oj/platform';
import { applyEvents, type BatchOutcome } from '../apply-batch';
import type { BatchMode, Projection } from '../projection';
import { runProjections } from '../run-projections';
import { createExampleTalliesTable, exampleTalliesProjection } from './example-tallies.fixture';
import { createProjectionTestbed, type ProjectionTestbed } from './projection-testbed';

/**
 * A testbed for the tests of one describe (or file): made before the first test, closed after the last, with
 * `eachTest` run before each test. Returns it at once, usable from the first test on.
 */
export function useProjectionTestbed(
  hooks: {
    setUp?(testbed: ProjectionTestbed): Promise<void>;
    eachTest?(testbed: ProjectionTestbed): Promise<void>;
  } = {},
): ProjectionTestbed {
  let created: ProjectionTestbed | undefined;
  const current = () => {
    if (!created) throw new Error('the testbed exists only while the tests run');
    return created;
  };
  beforeAll(async () => {
    created = await createProjectionTestbed(inject('databaseUrl'));
    await hooks.setUp?.(created);
  });
  afterAll(async () => {
    await created?.close();
  });
  if (hooks.eachTest) beforeEach(async () => hooks.eachTest?.(current()));
  return {
    get databaseUrl() {
      return current().databaseUrl;
    },
    get pool() {
      return current().pool;
    },
    get db() {
      return current().db;
    },
    get store() {
      return current().store;
    },
    append: (events) => current().append(events),
    runToHead: (projection, options) => current().runToHead(projection, options),
    settledHead: () => current().settledHead(),
    readAll: () => current().readAll(),
    rebuild: (projection) => current().rebuild(projection),
    reset: (projection) => current().reset(projection),
    close: () => current().close(),
  };
}

/**
 * The runner's int tests share one shape: a testbed with the example-tallies table, emptied before each test, and
 * runProjections in the background until the test stops it.
 */
export function useExampleTalliesTestbed(): ProjectionTestbed {
  return useProjectionTestbed({
    setUp: (testbed) => createExampleTalliesTable(testbed.db),
    eachTest: (testbed) => testbed.reset(exampleTalliesProjection),
  });
}

/** `applyEvents` in a transaction of its own (committed), as the runner's batch would call it. */
export const applyInTransaction = (
  testbed: ProjectionTestbed,
  projection: Projection,
  events: readonly RecordedEvent[],
  mode?: BatchMode,
) => testbed.db.transaction().execute((transaction) => applyEvents(transaction, projection, events, mode));

/** A Kysely over the testbed's pool, as the projector makes it (createKysely), that lists each statement it sends. */
export const countingDbOf = (testbed: ProjectionTestbed) => {
  const sent: string[] = [];
  const db = createKysely(testbed.pool, {
    log: (event) => {
      sent.push(event.query.sql);
    },
  });
  return { db, sent };
};

/** The events a projection quarantined, in position order. */
export const deadLettersOf = (testbed: ProjectionTestbed, projection: string) =>
  testbed.db
    .selectFrom('projection_dead_letters')
    .select(['event_id', 'event_type', 'position', 'error'])
    .where('projection', '=', projection)
    .orderBy('position')
    .execute();

export interface BackgroundRunner {
  /** Each committed batch of a projection that handled some of it, in order. */
  readonly outcomes: readonly BatchOutcome[];
  /** The same batches, each with the name of its projection. */
  readonly batches: readonly { readonly projection: string; readonly outcome: BatchOutcome }[];
  /** What the runner logged as errors (failed passes, quarantined events). */
  readonly errors: readonly unknown[];
  /** How many subscriptions the runner opened on the store. */
  subscriptions(): number;
  /** Resolves once a batch outcome (past or future) satisfies `test`. */
  until(test: (outcome: BatchOutcome) => boolean): Promise<void>;
  /** Resolves once every checkpoint of the runner's projections is at or past `position`. */
  untilAt(position: bigint): Promise<void>;
  /** Aborts the runner and waits for it to end. */
  stop(): Promise<void>;
}

/**
 * runProjections over the testbed until `stop` (or `signal`, a test's own abort), retrying after 10 ms.
 */
export function startBackgroundRunner(
  testbed: ProjectionTestbed,
  projections: readonly Projection[],
  options: { readonly batchSize?: number; readonly signal?: AbortSignal } = {},
): BackgroundRunner {
  const controller = new AbortController();
  options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const outcomes: BatchOutcome[] = [];
  const batches: { projection: string; outcome: BatchOutcome }[] = [];
  const errors: unknown[] = [];
  const waiters: { test: (outcome: BatchOutcome) => boolean; resolve: () => void }[] = [];
  let subscriptions = 0;
  const running = runProjections({
    db: testbed.db,
    store: {
      ...testbed.store,
      subscribeAll: (subscribeOptions) => {
        subscriptions += 1;
        return testbed.store.subscribeAll(subscribeOptions);
      },
    },
    projections,
    signal: controller.signal,
    logger: { info: () => undefined, error: (context: unknown) => void errors.push(context) },
    retryDelayMs: () => 10,
    ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
    onBatch: (projection, outcome) => {
      outcomes.push(outcome);
      batches.push({ projection, outcome });
      for (const waiter of waiters.filter((candidate) => candidate.test(outcome))) waiter.resolve();
    },
  });
  return {
    outcomes,
    batches,
    errors,
    subscriptions: () => subscriptions,
    until: (test) =>
      new Promise<void>((resolve) => {
        if (outcomes.some(test)) resolve();
        else waiters.push({ test, resolve });
      }),
    /** Every checkpoint move NOTIFYs read_model_changed: re-read the checkpoints on each one, never on a timer. */
    async untilAt(position) {
      const names = projections.map((projection) => projection.name);
      const listener = new pg.Client({ connectionString: testbed.databaseUrl });
      await listener.connect();
      let wake = () => undefined as void;
      listener.on('notification', () => wake());
      await listener.query(`LISTEN ${readModelChangedChannel}`);
      try {
        for (;;) {
          // Armed before the read, so a move committed while reading still wakes the wait.
          const moved = new Promise<void>((resolve) => (wake = resolve));
          const rows = await testbed.db
            .selectFrom('projection_checkpoints')
            .select('position')
            .where('name', 'in', names)
            .execute();
          if (rows.length === names.length && rows.every((row) => BigInt(row.position) >= position)) return;
          await moved;
        }
      } finally {
        await listener.end();
      }
    },
    stop: async () => {
      controller.abort();
      await running;
    },
  };
}

/**
 * Every read_model_changed heard on a connection of its own, parsed, from the moment this resolves. `end` makes a
 * round trip on that connection first, which delivers every notification committed before it.
 */
export async function listenToReadModelChanges(
  testbed: ProjectionTestbed,
): Promise<{ readonly changes: readonly ReadModelChange[]; end(): Promise<void> }> {
  const listener = new pg.Client({ connectionString: testbed.databaseUrl });
  await listener.connect();
  const changes: ReadModelChange[] = [];
  listener.on('notification', (message) =>
    changes.push(readModelChangeSchema.parse(JSON.parse(message.payload ?? ''))),
  );
  await listener.query(`LISTEN ${readModelChangedChannel}`);
  return {
    changes,
    async end() {
      await listener.query('SELECT 1');
      await listener.end();
    },
  };
}

/** An event of the runner's tests (their made-up types on stream tally-a), at `position`. */
export const recordedEventOf = (type: string, position: bigint, data: unknown = {}): RecordedEvent => ({
  id: `00000000-0000-4000-8000-${position.toString().padStart(12, '0')}`,
  stream: 'tally-a',
  type,
  data,
  metadata: {},
  revision: position,
  position,
  recordedAt: '2026-01-10T10:00:00.000Z',
});
