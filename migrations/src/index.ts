import type { ProjectionCheckpointsTable } from './0001-create-projection-checkpoints';

/**
 * The typed read-model schema: one line per table, whose row interface lives in the migration that creates it.
 * To add a table: export its interface from the new migration, import it here, add one line below.
 */
export interface Database {
  projection_checkpoints: ProjectionCheckpointsTable;
}

export type { ProjectionCheckpointsTable } from './0001-create-projection-checkpoints';
export { migrations } from './migrations';
export { migrateToLatest } from './migrate-to-latest';
