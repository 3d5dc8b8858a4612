import type { ColumnType, Kysely } from 'kysely';

/** One row per projection: the global position of the last event it has applied. */
export interface ProjectionCheckpointsTable {
  name: string;
  /** int8 comes back from pg as a string; write a bigint or its decimal string. */
  position: ColumnType<string, bigint | string, bigint | string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('projection_checkpoints')
    .ifNotExists()
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('position', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('projection_checkpoints').ifExists().execute();
}
