import type { Kysely } from 'kysely';
import type { EventStore, RecordedEvent } from '@oj/events';
import type { Logger } from '@oj/platform';
import type { Database } from '@oj/read-models';
import { applyBatch, type BatchOutcome } from './apply-batch';
import { ensureCheckpoint, readCheckpoint } from './checkpoints';
import { microBatches } from './micro-batches';
import type { Projection } from './projection';

export interface RunProjectionOptions {
  readonly db: Kysely<Database>;
  readonly store: EventStore;
  readonly projection: Projection;
  readonly logger: Pick<Logger, 'info' | 'error'>;
  readonly signal: AbortSignal;
  /** Events per transaction while catching up. */
  readonly batchSize?: number;
  /** Called after each committed batch (tests wait on it instead of sleeping). */
  readonly onBatch?: (outcome: BatchOutcome) => void;
  readonly retryDelayMs?: (failures: number) => number;
  /** How long the checkpoint move of a batch the projection ignores may wait (idleCheckpoints). */
  readonly idleCheckpointDelayMs?: number;
}

export const idleCheckpointDelayMs = 250;

const defaultBatchSize = 500;

/**
 * Back-off after a failure: 100 ms doubling to 30 s. What gets here is transient (the store or database went
 * away): the batch is retried from the checkpoint. An event that cannot be applied is quarantined instead (F5).
 */
export const defaultRetryDelayMs = (failures: number): number => Math.min(100 * 2 ** (failures - 1), 30_000);

/**
 * Keeps one projection up to date until the signal aborts: subscribe after the stored checkpoint,
 * apply what arrives in batches (each with its checkpoint, in one transaction), and on failure log,
 * wait, and start again from the checkpoint, which only moved for batches that committed.
 */
export async function runProjection(options: RunProjectionOptions): Promise<void> {
  const { db, store, projection, logger, signal } = options;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
  await ensureCheckpoint(db, projection.name, projection.eventTypes);
  let failures = 0;
  const idle = idleCheckpoints({ ...options, delayMs: options.idleCheckpointDelayMs ?? idleCheckpointDelayMs });
  signal.addEventListener('abort', idle.cancel, { once: true });
  while (!signal.aborted) {
    const subscription = store.subscribeAll({ fromPosition: await readCheckpoint(db, projection.name), signal });
    try {
      for await (const batch of microBatches(subscription, options.batchSize ?? defaultBatchSize)) {
        if (!handlesAny(projection, batch)) {
          idle.defer(batch);
          continue;
        }
        // This batch's checkpoint passes the deferred one.
        idle.cancel();
        const outcome = await applyBatch(db, projection, batch);
        failures = 0;
        for (const quarantined of outcome.quarantined) {
          logger.error({ projection: projection.name, ...quarantined }, 'event quarantined: it cannot be applied');
        }
        options.onBatch?.(outcome);
        if (signal.aborted) break;
      }
      if (!signal.aborted) throw new Error('the event subscription ended on its own');
    } catch (error) {
      if (signal.aborted) break;
      failures += 1;
      const delayMs = retryDelayMs(failures);
      logger.error(
        { err: error, projection: projection.name, failures, delayMs },
        'projection failed; retrying from its checkpoint',
      );
      await waitOrAbort(delayMs, signal);
    } finally {
      await subscription.close();
    }
  }
}

/**
 * A batch holding none of the projection's event types changes none of its rows and only moves its checkpoint.
 * With some forty projections each following every event, committing those moves at once cost about forty
 * transactions (and NOTIFYs, each waking every read-your-writes waiter) per event, on the path of every
 * verdict. So the move waits `delayMs` and the moves of several idle batches become one write; a batch that
 * the projection handles writes the later checkpoint itself and cancels the pending one. Commands wait only
 * for the projections that handle what they appended (await-projections.ts), so only waits on a bare position
 * (every projection) can take up to `delayMs` longer.
 */
function idleCheckpoints(options: RunProjectionOptions & { readonly delayMs: number }) {
  let pending: RecordedEvent | null = null;
  let timer: NodeJS.Timeout | null = null;
  const flush = async (): Promise<void> => {
    timer = null;
    const last = pending;
    pending = null;
    if (!last || options.signal.aborted) return;
    try {
      // The runner's own transaction (lock, checkpoint only if it is ahead, NOTIFY), for the last idle event.
      options.onBatch?.(await applyBatch(options.db, options.projection, [last]));
    } catch (error) {
      if (options.signal.aborted) return;
      options.logger.error(
        { err: error, projection: options.projection.name },
        'idle checkpoint not written; retrying',
      );
      if (!pending) pending = last;
      timer ??= setTimeout(() => void flush(), options.delayMs);
    }
  };
  return {
    defer(batch: readonly RecordedEvent[]): void {
      pending = batch.at(-1) ?? pending;
      timer ??= setTimeout(() => void flush(), options.delayMs);
    },
    cancel(): void {
      pending = null;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

function handlesAny(projection: Projection, batch: readonly RecordedEvent[]): boolean {
  return batch.some((event) => projection.eventTypes.includes(event.type));
}

function waitOrAbort(delayMs: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, delayMs);
    signal.addEventListener('abort', done, { once: true });
  });
}
