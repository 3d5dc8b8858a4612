import type { Kysely } from 'kysely';
import type { EventStore } from '@oj/events';
import type { Database } from '@oj/read-models';
import type { BlobStore, Clock, EphemeralStore } from '@oj/platform';
import type { AwaitProjections } from './handling/await-projection';

/**
 * What every command route may use, built once in `app.ts`: the event store to decide and append, the read
 * models for the facts a decider may not fetch itself, the blob store, short-lived secrets, the clock, ids, and
 * read-your-writes. An area that needs more (the users' mailer, the contests' sealer) extends it.
 */
export interface CommandContext {
  readonly store: EventStore;
  readonly db: Kysely<Database>;
  /** DATA_DIR/blobs, shared with the judge processes (test data, checker includes, images). */
  readonly blobs: BlobStore;
  readonly ephemeral: EphemeralStore;
  readonly clock: Clock;
  /** Event and entity ids (uuids). */
  readonly newId: () => string;
  readonly awaitProjections: AwaitProjections;
}
