import type { Kysely } from 'kysely';
import type { EventStore, Subscription } from '@oj/events';
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
}

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
  while (!signal.aborted) {
    let subscription: Subscription | undefined;
    try {
      // Inside the try: the database may be down right now (a restart), which is a retry, not the end.
      subscription = store.subscribeAll({ fromPosition: await readCheckpoint(db, projection.name), signal });
      for await (const batch of microBatches(subscription, options.batchSize ?? defaultBatchSize)) {
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
      await subscription?.close();
    }
  }
}

export function waitOrAbort(delayMs: number, signal: AbortSignal): Promise<void> {
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
