import type { Kysely, RawBuilder } from 'kysely';
import type { RecordedEvent } from '@oj/events';
import type { Database } from '@oj/read-models';

/** live: keep every table current after each batch; replay: a rebuild's first pass, followed by `settle`. */
export type BatchMode = 'live' | 'replay';

/**
 * Live topics (`liveTopics` in @oj/read-models/names) a projection's change touched; the runner notifies
 * them after the batch, in its transaction, so a projection never calls pg_notify itself.
 */
export type TouchedTopics = readonly string[] | void;

/**
 * What the runner hands `apply`/`applyBatch` beside the transaction (optional: a caller that calls a projection
 * directly, a test, passes none, and `writeLast` then runs the statement at once).
 */
export interface ApplyContext {
  /**
   * Hands the runner the call's LAST write instead of sending it. The live runner sends it in the same round trip
   * as the checkpoint, its NOTIFY and COMMIT (a verdict's batch: one round trip fewer); elsewhere (a rebuild, a
   * batch under savepoints, before the runner calls the projection again) the runner runs it as soon as the call
   * returns. Either way it runs in the batch's transaction before the checkpoint moves, and its failure fails the
   * batch as a failure inside `apply` would (rolled back; quarantined if it is the event's own). After handing it
   * over the projection sends nothing more in this call (it has not run: nothing may read what it writes), and
   * hands over at most one. Its values travel as literals of the multi-statement query (inline-statement.ts).
   */
  finalWrite(statement: RawBuilder<unknown>): void;
  /**
   * The rows of the projection's `prefetch` read for `event`, when the live runner sent it (in the round trip of
   * BEGIN and the lock, after the lock: what the projection's own first read would see); undefined when it did
   * not, and after the first call (handed once: a second read comes after writes the rows do not show).
   */
  prefetched(event: RecordedEvent): readonly unknown[] | undefined;
}

/** Sends `statement` as the call's last write: handed to the runner when it gave a context, else run at once. */
export async function writeLast(
  transaction: Kysely<Database>,
  context: ApplyContext | undefined,
  statement: RawBuilder<unknown>,
): Promise<void> {
  if (context) context.finalWrite(statement);
  else await statement.execute(transaction);
}

/**
 * A projection's judge, before any transaction, of the events that cannot change its tables (`changeFilter`).
 * A projection lists an event type when some events of it change its tables; many of them may change nothing
 * (a practice submission's verdict on a contest board), and without a filter each still costs a batch (BEGIN,
 * lock, apply, checkpoint with NOTIFY, COMMIT) only for the projection to find that out in its own rows.
 */
export interface ChangeFilter {
  /**
   * false only when applying `event` would change nothing in the projection's tables, whatever they hold (any
   * checkpoint, another projector process, after a rebuild or a rejudge): the live runner then moves the
   * checkpoint past it with the idle ones instead of opening a batch. true when it may change something, and
   * whenever the filter does not know (say, a submission it never saw created): unknown is applied as before.
   * The runner calls it once for every event it reads of a type the projection handles, in position order,
   * those the checkpoint already covers too, so a filter may learn from them facts that never change (what a
   * submission's SubmissionCreated says). A throw counts as true.
   */
  mayChange(event: RecordedEvent): boolean;
}

/**
 * A projection owns some read-model tables and keeps them up to date from events.
 * `apply` runs inside the runner's transaction, with the checkpoint written in the same transaction.
 * Table names are unqualified: the runner sets search_path so a rebuild writes into fresh tables.
 * `apply` must be idempotent on its own (a duplicate delivery changes nothing), not only through the checkpoint.
 * Topics: `apply`/`applyBatch` return those that depend on what the change did (a scoreboard's rows moved);
 * `topicsFor` names those that follow from the event alone. The runner notifies both.
 */
export interface Projection {
  readonly name: string;
  /** Tables this projection owns (created by migrations; rebuilds copy their shape). */
  readonly tables: readonly string[];
  /** Event types it handles; others only advance the checkpoint. */
  readonly eventTypes: readonly string[];
  apply(event: RecordedEvent, transaction: Kysely<Database>, context?: ApplyContext): Promise<TouchedTopics>;
  /**
   * Optional: the same effect as `apply` on each event in order, for many events at once (catch-up and
   * rebuild hand over whole pages, so a projection can fold in memory and write in bulk).
   * Receives only events of `eventTypes`, in position order; must be idempotent like `apply`.
   * In `replay` (a rebuild's first pass) it may leave what it derives from its own tables to `settle`.
   */
  applyBatch?(
    events: readonly RecordedEvent[],
    transaction: Kysely<Database>,
    mode?: BatchMode,
    context?: ApplyContext,
  ): Promise<TouchedTopics>;
  /**
   * Optional, with `applyBatch`: after a rebuild replayed every page in `replay` mode (and before it applies
   * what arrived meanwhile in `live` mode), derive once what the replay left out.
   */
  settle?(transaction: Kysely<Database>): Promise<void>;
  /** Topics that follow from the event alone, notified after commit (for live pushes), e.g. ["user:<uid>"]. */
  topicsFor?(event: RecordedEvent): readonly string[];
  /**
   * Optional: the one read `apply` would start with for this event (null when it starts with none), for a live
   * batch of this event alone. The runner sends it in the same round trip as BEGIN and the lock and hands its rows
   * to `apply` through `ApplyContext.prefetched`: a verdict is then two round trips, this and the final write with
   * the commit. Its values travel as literals (inline-statement.ts). It must only read; a failure building or
   * running it costs the round trip, never the event (the runner goes on without it and `apply` reads itself).
   */
  prefetch?(event: RecordedEvent): RawBuilder<unknown> | null;
  /**
   * Optional: a new ChangeFilter, made once by each live runner when it starts (runProjections; the projection
   * testbed per history). What it learns lives no longer than that runner, which reads one event store: a filter
   * kept in the module would outlive a store (tests empty theirs and number submissions from 1 again).
   */
  changeFilter?(): ChangeFilter;
}
