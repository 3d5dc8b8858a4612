import type { Kysely } from 'kysely';
import type { EventStore } from '@oj/events';
import type { BlobStore, Clock } from '@oj/platform';
import type { Database } from '@oj/read-models';
import type { AwaitProjections } from '../../handling/await-projection';

export interface ProblemsDependencies {
  readonly store: EventStore;
  /** The problems read model, for display-id collisions and the id sequence. */
  readonly db: Kysely<Database>;
  /** Test data, extra files and checker sources, shared with the judge (DATA_DIR/blobs). */
  readonly blobs: BlobStore;
  readonly clock: Clock;
  readonly newId: () => string;
  readonly awaitProjections: AwaitProjections;
}
