import { sql, type Kysely, type RawBuilder } from 'kysely';
import { checkCataloguedEvent, type RecordedEvent } from '@oj/events';
import { readModelChangedChannel, readModelChangePayloads } from '@oj/platform';
import type { Database } from '@oj/read-models';
import { beginLiveBatch, commitBatch, lockProjection } from './checkpoints';
import { errorTextOf, quarantineEvent, type QuarantinedEvent } from './dead-letters';
import { inlinedStatement } from './inline-statement';
import type { ApplyContext, BatchMode, Projection } from './projection';
import { isTransientFailure } from './transient-failure';

export interface BatchOutcome {
  /** The checkpoint after the batch. */
  readonly position: bigint;
  /** Events past the old checkpoint (handled or not). */
  readonly appliedCount: number;
  readonly topics: readonly string[];
  /** Handled events set aside instead of applied: they fail their schema or their apply (F5). */
  readonly quarantined: readonly QuarantinedEvent[];
}

export interface AppliedEvents {
  readonly topics: string[];
  readonly quarantined: QuarantinedEvent[];
  /**
   * Guard `none` only: the final write the projection handed over (ApplyContext), not yet run, its values
   * inlined, for the caller to send with its commit; null when there is none (and always under savepoints).
   */
  readonly finalWrite: string | null;
}

/**
 * `savepoints`: each attempt under a savepoint, so a failed one leaves no rows behind and the others go on.
 * `none`: the batch is applied bare and any failure of the events' own ends it (`NeedsSavepoints`): the whole
 * transaction rolls back and the caller runs it again with savepoints. Nearly every batch succeeds, and the
 * savepoint and its release were two of a verdict's round trips. Under `none` the projection's final write is
 * returned unrun (`finalWrite`): the caller sends it with the checkpoint and COMMIT, one round trip fewer.
 */
export type Guard = 'savepoints' | 'none';

/** A batch applied without savepoints met an event that must be quarantined: run it again with them. */
class NeedsSavepoints extends Error {
  constructor(readonly reason: unknown) {
    super('an event of the batch fails: applying it again under savepoints');
  }
}

/** Rows a live batch's `prefetch` read for one event (beginLiveBatch), not yet handed to the projection. */
export interface Prefetched {
  readonly event: RecordedEvent;
  readonly rows: readonly unknown[];
}

/**
 * The runner's ApplyContext: holds the one final write a call handed over until the runner sends or runs it, and
 * the rows read ahead for the batch's event until the projection takes them.
 */
class BatchContext implements ApplyContext {
  #pending: RawBuilder<unknown> | null = null;
  #prefetched: Prefetched | null;

  constructor(prefetched: Prefetched | null = null) {
    this.#prefetched = prefetched;
  }

  finalWrite(statement: RawBuilder<unknown>): void {
    if (this.#pending) throw new Error('a projection handed over a second final write in one call');
    this.#pending = statement;
  }

  prefetched(event: RecordedEvent): readonly unknown[] | undefined {
    const ahead = this.#prefetched;
    this.#prefetched = null;
    return ahead && ahead.event.id === event.id && ahead.event.position === event.position ? ahead.rows : undefined;
  }

  /** The pending write, handed over once (null when there is none). */
  take(): RawBuilder<unknown> | null {
    const pending = this.#pending;
    this.#pending = null;
    return pending;
  }

  /** Runs the pending write now: before the projection is called again, or where the write cannot wait. */
  async run(transaction: Kysely<Database>): Promise<void> {
    await this.take()?.execute(transaction);
  }
}

/**
 * Hands the projection the events it handles, in order (all at once when it has `applyBatch`); returns the
 * change topics they touch. An event that fails its catalogue schema, or whose apply throws for a reason of its
 * own (not a lost connection), is quarantined and the others are applied (F5): one poison event must not stop a
 * read model for good.
 */
export async function applyEvents(
  transaction: Kysely<Database>,
  projection: Projection,
  events: readonly RecordedEvent[],
  mode: BatchMode = 'live',
  guard: Guard = 'savepoints',
  prefetched: Prefetched | null = null,
): Promise<AppliedEvents> {
  const handled = new Set(projection.eventTypes);
  const quarantined: QuarantinedEvent[] = [];
  const valid: RecordedEvent[] = [];
  for (const event of events.filter((candidate) => handled.has(candidate.type))) {
    const check = checkCataloguedEvent(event);
    // A type outside the catalogue is a projection's private business (its tests' made-up events): let it judge.
    if (check.success || check.reason === 'unknown-type') valid.push(event);
    else quarantined.push(await quarantineEvent(transaction, projection.name, event, check.message));
  }
  if (valid.length === 0) return { topics: [], quarantined, finalWrite: null };
  if (guard === 'none') {
    if (quarantined.length > 0) throw new NeedsSavepoints(quarantined[0]);
    try {
      const final = new BatchContext(prefetched);
      const topics = await applyInOrder(transaction, projection, valid, mode, final);
      const deferred = final.take();
      return { topics, quarantined, finalWrite: deferred && inlinedStatement(transaction, deferred) };
    } catch (error) {
      throw isTransientFailure(error) ? error : new NeedsSavepoints(error);
    }
  }
  // Under savepoints the final write runs inside the attempt, so a failure of it is the attempt's; rows read
  // ahead are not used (an attempt may follow one rolled back, or a quarantine's write).
  const applyNow = async (batch: readonly RecordedEvent[]) => {
    const final = new BatchContext();
    const topics = await applyInOrder(transaction, projection, batch, mode, final);
    await final.run(transaction);
    return topics;
  };
  const whole = await attempt(transaction, () => applyNow(valid));
  if (whole.ok) return { topics: whole.topics, quarantined, finalWrite: null };
  const topics: string[] = [];
  for (const event of valid) {
    const one = valid.length === 1 ? whole : await attempt(transaction, () => applyNow([event]));
    if (one.ok) topics.push(...one.topics);
    else quarantined.push(await quarantineEvent(transaction, projection.name, event, errorTextOf(one.error)));
  }
  return { topics, quarantined, finalWrite: null };
}

/**
 * The topics the events touched: what `apply`/`applyBatch` returned plus each event's `topicsFor`. The last call's
 * final write is left in `final` for the caller; an earlier call's runs before the projection is called again.
 */
async function applyInOrder(
  transaction: Kysely<Database>,
  projection: Projection,
  events: readonly RecordedEvent[],
  mode: BatchMode,
  final: BatchContext,
): Promise<string[]> {
  const topics: string[] = [];
  if (projection.applyBatch) {
    topics.push(...((await projection.applyBatch(events, transaction, mode, final)) ?? []));
  } else {
    for (const event of events) {
      await final.run(transaction);
      topics.push(...((await projection.apply(event, transaction, final)) ?? []));
    }
  }
  return [...topics, ...events.flatMap((event) => projection.topicsFor?.(event) ?? [])];
}

type Attempt = { readonly ok: true; readonly topics: string[] } | { readonly ok: false; readonly error: unknown };

/**
 * Runs `work` under a savepoint: its topics when it succeeded, its error (rolled back to the savepoint) when it
 * failed for a reason of the events'. A transient failure (the connection, a deadlock) is thrown on, so the
 * whole batch is retried and nothing is quarantined for the infrastructure's sake.
 */
async function attempt(transaction: Kysely<Database>, work: () => Promise<string[]>): Promise<Attempt> {
  await sql`SAVEPOINT apply_events`.execute(transaction);
  let topics: string[];
  try {
    topics = await work();
  } catch (error) {
    if (isTransientFailure(error)) throw error;
    await sql`ROLLBACK TO SAVEPOINT apply_events`.execute(transaction);
    return { ok: false, error };
  }
  await sql`RELEASE SAVEPOINT apply_events`.execute(transaction);
  return { ok: true, topics };
}

/**
 * One transaction: take the projection's lock, skip what the checkpoint already covers, apply the rest, move the
 * checkpoint and NOTIFY (delivered at commit, so readers never hear of a change that rolled back). First without
 * savepoints; a batch holding an event that must be quarantined is rolled back and run again with them.
 * A verdict's batch is two round trips when its projection reads ahead and writes last: BEGIN with the lock and
 * the projection's first read (`beginLiveBatch`, `Projection.prefetch`), then its last write (ApplyContext) with
 * the checkpoint, its NOTIFY and COMMIT (`commitBatch`); any other statements of the projection go between. Only a
 * batch whose first event the checkpoint already covers (another writer moved it) takes the lock apart, which
 * reads where it stands.
 * If applying fails transiently (or anything else throws), nothing of the batch (rows or checkpoint) is kept.
 */
export async function applyBatch(
  db: Kysely<Database>,
  projection: Projection,
  events: readonly RecordedEvent[],
): Promise<BatchOutcome> {
  try {
    return await batchTransaction(db, projection, events, 'none');
  } catch (error) {
    if (!(error instanceof NeedsSavepoints)) throw error;
    return batchTransaction(db, projection, events, 'savepoints');
  }
}

/** The batch on one connection of its own, its transaction opened and closed by hand (see applyBatch). */
async function batchTransaction(
  db: Kysely<Database>,
  projection: Projection,
  events: readonly RecordedEvent[],
  guard: Guard,
): Promise<BatchOutcome> {
  return db.connection().execute(async (connection) => {
    try {
      const first = events[0]?.position;
      const ahead = guard === 'none' && events.length === 1 ? readAheadOf(connection, projection, events[0]) : null;
      const begun = first === undefined ? null : await beginLiveBatch(connection, projection.name, first, ahead?.sql);
      let fresh = events;
      if (!begun) {
        await sql`BEGIN`.execute(connection);
        const checkpoint = await lockProjection(connection, projection.name, 'asynchronous');
        fresh = events.filter((event) => event.position > checkpoint);
        if (fresh.length === 0) {
          await sql`COMMIT`.execute(connection);
          return { position: checkpoint, appliedCount: 0, topics: [], quarantined: [] };
        }
      }
      const last = fresh.at(-1);
      if (!last) throw new Error('unreachable: a batch past its checkpoint holds events');
      const prefetched = ahead && begun?.prefetched ? { event: ahead.event, rows: begun.prefetched } : null;
      const applied = await applyEvents(connection, projection, fresh, 'live', guard, prefetched);
      const topics = [...new Set(applied.topics)];
      const notify = {
        channel: readModelChangedChannel,
        payloads: readModelChangePayloads(projection.name, last.position, topics),
      };
      try {
        await commitBatch(connection, projection.name, last.position, notify, applied.finalWrite);
      } catch (error) {
        // The failure may be the final write's, the event's own: again under savepoints, where it runs alone.
        const ownFailure = applied.finalWrite !== null && !isTransientFailure(error);
        throw ownFailure ? new NeedsSavepoints(error) : error;
      }
      return { position: last.position, appliedCount: fresh.length, topics, quarantined: applied.quarantined };
    } catch (error) {
      // A lost connection fails the rollback too: the error that matters is the first.
      await sql`ROLLBACK`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

/**
 * The projection's read ahead for a batch of one event it handles, its values inlined; null when it has none or
 * building it throws (the event's own fault, which `apply` meets again where it can be quarantined).
 */
function readAheadOf(
  connection: Kysely<Database>,
  projection: Projection,
  event: RecordedEvent | undefined,
): { readonly event: RecordedEvent; readonly sql: string } | null {
  if (!event || !projection.prefetch || !projection.eventTypes.includes(event.type)) return null;
  try {
    const statement = projection.prefetch(event);
    return statement && { event, sql: inlinedStatement(connection, statement) };
  } catch {
    return null;
  }
}
