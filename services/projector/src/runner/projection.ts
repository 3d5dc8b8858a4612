import type { Kysely } from 'kysely';
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
  apply(event: RecordedEvent, transaction: Kysely<Database>): Promise<TouchedTopics>;
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
  ): Promise<TouchedTopics>;
  /**
   * Optional, with `applyBatch`: after a rebuild replayed every page in `replay` mode (and before it applies
   * what arrived meanwhile in `live` mode), derive once what the replay left out.
   */
  settle?(transaction: Kysely<Database>): Promise<void>;
  /** Topics that follow from the event alone, notified after commit (for live pushes), e.g. ["user:<uid>"]. */
  topicsFor?(event: RecordedEvent): readonly string[];
}
