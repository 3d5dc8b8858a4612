import type { Kysely } from 'kysely';
import type { EventStore } from '@oj/events';
import type { Logger } from '@oj/platform';
import type { Database } from '@oj/read-models';
import { removeCheckpointsExcept } from './checkpoints';
import type { Projection } from './projection';
import { runProjection } from './run-projection';

export interface RunProjectionsOptions {
  readonly db: Kysely<Database>;
  readonly store: EventStore;
  readonly projections: readonly Projection[];
  readonly logger: Pick<Logger, 'info' | 'error'>;
  readonly signal: AbortSignal;
  readonly batchSize?: number;
}

/**
 * Every registered projection, each with its own subscription and checkpoint, until the signal aborts.
 * Checkpoint rows of projections that are no longer registered are removed first.
 */
export async function runProjections(options: RunProjectionsOptions): Promise<void> {
  const names = options.projections.map((projection) => projection.name);
  const duplicated = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicated) throw new Error(`two projections are named ${duplicated}`);
  const removed = await removeCheckpointsExcept(options.db, names);
  if (removed.length > 0) options.logger.info({ removed }, 'removed checkpoints of projections no longer registered');
  await Promise.all(
    options.projections.map((projection) =>
      runProjection({
        db: options.db,
        store: options.store,
        projection,
        logger: options.logger,
        signal: options.signal,
        ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
      }),
    ),
  );
}
