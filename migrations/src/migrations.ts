import type { Migration } from 'kysely';
import * as createProjectionCheckpoints from './0001-create-projection-checkpoints';

/**
 * Every read-model migration, in order. Append new ones at the end with the next number;
 * never reorder or edit one that has shipped (write a new migration instead).
 */
export const migrations: readonly (readonly [name: string, migration: Migration])[] = [
  ['0001-create-projection-checkpoints', createProjectionCheckpoints],
];
