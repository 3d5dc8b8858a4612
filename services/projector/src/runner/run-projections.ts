import type { Kysely } from 'kysely';
import type { EventStore, RecordedEvent, Subscription } from '@oj/events';
import { abortablePause, type Logger } from '@oj/platform';
import type { Database } from '@oj/read-models';
import { applyBatch, type BatchOutcome } from './apply-batch';
import { batchWork } from './batch-work';
import { ensureCheckpoint, moveIdleCheckpoints, readCheckpoints, removeCheckpointsExcept } from './checkpoints';
import { microBatches } from './micro-batches';
import type { ChangeFilter, Projection } from './projection';
import { defaultRetryDelayMs } from './retry-delay';

export interface RunProjectionsOptions {
  readonly db: Kysely<Database>;
  readonly store: EventStore;
  readonly projections: readonly Projection[];
  readonly logger: Pick<Logger, 'info' | 'error'>;
  readonly signal: AbortSignal;
  /** Events per batch while catching up. */
  readonly batchSize?: number;
  /** Called after each committed batch of a projection that handles some of it (tests wait on it). */
  readonly onBatch?: (projection: string, outcome: BatchOutcome) => void;
  readonly retryDelayMs?: (failures: number) => number;
  /**
   * Told `following` once a pass has read the checkpoints and opened its subscription, and `retrying` when a pass
   * failed and the runner waits to start again (the process's readiness probe).
   */
  readonly onState?: (state: RunnerState) => void;
}

export type RunnerState = 'following' | 'retrying';

const defaultBatchSize = 500;

/**
 * Every registered projection, each with its own checkpoint, from ONE subscription until the signal aborts.
 * Checkpoint rows of projections that are no longer registered are removed first.
 *
 * Why one reader: with a subscription per projection, some forty readers queried the store twice for every
 * append, and each projection committed a transaction (lock, checkpoint, NOTIFY, each NOTIFY waking every
 * read-your-writes waiter) for every event, the ~35 that handle none of it too — about 250 transactions per
 * judged submission, on the path of every verdict. Now each batch is read once; the projections that handle some
 * of it apply it in their own transactions, side by side; the checkpoints of all the others move in one
 * statement at once (no delay: a waiter on a bare position is never held back).
 *
 * A projection's change filter (`Projection.changeFilter`, made once here for the whole run: the store is the
 * same on every pass) rules out the events that cannot change its tables, so a batch of only those moves its
 * checkpoint with the idle ones instead of opening a transaction (a practice submission on the contest boards).
 *
 * The reader starts at the lowest checkpoint; a projection skips what its own checkpoint covers. After every
 * batch each projection's checkpoint is at or past the batch's end, which is what lets the next batch be handed
 * to all. Any failure (the store or the database went away) ends the pass; after a back-off the reader starts
 * again from the checkpoints, which moved only for transactions that committed.
 */
export async function runProjections(options: RunProjectionsOptions): Promise<void> {
  const { db, projections, signal, logger } = options;
  const names = projections.map((projection) => projection.name);
  const duplicated = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicated) throw new Error(`two projections are named ${duplicated}`);
  const removed = await removeCheckpointsExcept(db, names);
  if (removed.length > 0) logger.info({ removed }, 'removed checkpoints of projections no longer registered');
  if (projections.length === 0) return;
  for (const projection of projections) await ensureCheckpoint(db, projection.name, projection.eventTypes);
  const filters: RunFilters = new Map(
    projections.map((projection) => [
      projection.name,
      { filter: projection.changeFilter?.(), handled: new Set(projection.eventTypes) },
    ]),
  );
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
  let failures = 0;
  while (!signal.aborted) {
    let subscription: Subscription | undefined;
    try {
      const known = await readCheckpoints(db, names);
      const from = [...known.values()].reduce((low, position) => (position < low ? position : low));
      subscription = options.store.subscribeAll({ fromPosition: from, signal });
      options.onState?.('following');
      for await (const batch of microBatches(subscription, options.batchSize ?? defaultBatchSize)) {
        await applyToEvery(options, filters, known, batch);
        failures = 0;
        if (signal.aborted) break;
      }
      if (!signal.aborted) throw new Error('the event subscription ended on its own');
    } catch (error) {
      if (signal.aborted) break;
      failures += 1;
      options.onState?.('retrying');
      const delayMs = retryDelayMs(failures);
      logger.error({ err: error, failures, delayMs }, 'projections failed; retrying from their checkpoints');
      await abortablePause(delayMs, signal);
    } finally {
      await subscription?.close();
    }
  }
}

/** Per projection, for the whole run: its change filter, if it has one, and the event types it handles. */
type RunFilters = ReadonlyMap<
  string,
  { readonly filter?: ChangeFilter | undefined; readonly handled: ReadonlySet<string> }
>;

/**
 * One batch to every projection: `known` holds each checkpoint as this process last saw or wrote it (never ahead
 * of the stored one, which only moves forward) and is moved past the batch for each. Waits for all before
 * throwing the first failure, so no transaction of this batch is still running when the pass starts again.
 */
async function applyToEvery(
  options: RunProjectionsOptions,
  filters: RunFilters,
  known: Map<string, bigint>,
  batch: readonly RecordedEvent[],
): Promise<void> {
  const last = batch.at(-1)?.position;
  if (last === undefined) return;
  const idle = new Map<string, bigint>();
  const work: Promise<void>[] = [];
  for (const projection of options.projections) {
    const checkpoint = known.get(projection.name) ?? 0n;
    const { filter, handled } = filters.get(projection.name) ?? { handled: new Set(projection.eventTypes) };
    // Before the covered batch is passed over: its filter learns from those events too.
    const fresh = batchWork(projection, filter, batch, checkpoint, handled);
    if (checkpoint >= last) continue;
    if (!fresh) {
      idle.set(projection.name, checkpoint);
      continue;
    }
    work.push(
      applyBatch(options.db, projection, fresh).then((outcome) => {
        known.set(projection.name, outcome.position);
        for (const quarantined of outcome.quarantined) {
          options.logger.error(
            { projection: projection.name, ...quarantined },
            'event quarantined: it cannot be applied',
          );
        }
        options.onBatch?.(projection.name, outcome);
      }),
    );
  }
  if (idle.size > 0) work.push(moveIdle(options, known, idle, last));
  const failed = (await Promise.allSettled(work)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * The checkpoints of projections that handle none of the batch, moved to its end together. One that did not move
 * was moved by another writer (another projector process, a rebuild's swap): re-read, it must be at or past
 * the batch's end by now; a checkpoint behind what this process knew would mean events it never showed that
 * projection, so the pass starts again from the stored checkpoints.
 */
async function moveIdle(
  options: RunProjectionsOptions,
  known: Map<string, bigint>,
  idle: ReadonlyMap<string, bigint>,
  last: bigint,
): Promise<void> {
  const moved = await moveIdleCheckpoints(options.db, idle, last);
  for (const name of moved) known.set(name, last);
  const unmoved = [...idle.keys()].filter((name) => !moved.has(name));
  if (unmoved.length === 0) return;
  for (const [name, position] of await readCheckpoints(options.db, unmoved)) {
    if (position < last)
      throw new Error(`the checkpoint of ${name} stands at ${position}, behind where this process left it`);
    known.set(name, position);
  }
}
