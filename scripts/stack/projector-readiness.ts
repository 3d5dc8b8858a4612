import type { Kysely } from 'kysely';
import type { EventStore } from '@oj/events';
import { checkpointsReached } from '@oj/platform';
import { projections } from '@oj/projector';
import type { Database } from '@oj/read-models';
import type pg from 'pg';
import type { RunningChild } from './child-process';

/**
 * Read-your-writes only holds once every projection has a checkpoint row: awaitProjections waits on the rows
 * it finds, and the projector writes them only after its process has booted (seconds under tsx). Writing
 * them here first means a command served before then still waits for the projector instead of answering
 * ahead of it.
 */
export async function registerProjectionCheckpoints(db: Kysely<Database>): Promise<void> {
  if (projections.length === 0) return;
  await db
    .insertInto('projection_checkpoints')
    .values(projections.map((projection) => ({ name: projection.name, position: 0n })))
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

/** Resolves once the projector has caught up with everything stored so far; rejects if it exits first. */
export async function waitForProjectorCatchUp(
  pool: pg.Pool,
  store: EventStore,
  projector: RunningChild,
  timeoutMs: number,
): Promise<void> {
  const head = await store.headPosition();
  const exitedEarly = new Promise<never>((_, reject) => {
    void projector.exited.then((code) => reject(new Error(`the projector exited with code ${code} while catching up`)));
  });
  // It usually exits much later (at shutdown), when nobody awaits this any more.
  exitedEarly.catch(() => undefined);
  const reached = await Promise.race([checkpointsReached(pool, head, { timeoutMs }), exitedEarly]);
  if (!reached) throw new Error(`the projector did not reach position ${head} within ${timeoutMs} ms`);
}
