import type { ColumnType, Kysely } from 'kysely';

/**
 * One row per relay (a process that forwards events out of the store, such as the judge dispatcher): the
 * global position of the last event it handed on. Kept apart from projection_checkpoints because a relay is
 * no read model: read-your-writes waits on projections only, and must never wait on a relay.
 */
export interface RelayCheckpointsTable {
  name: string;
  /** int8 comes back from pg as a string; write a bigint or its decimal string. */
  position: ColumnType<string, bigint | string, bigint | string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('relay_checkpoints')
    .ifNotExists()
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('position', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('relay_checkpoints').ifExists().execute();
}
