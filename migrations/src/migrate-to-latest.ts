import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { migrations } from './migrations';

/** The explicit list, not a directory scan: the bundle-free tsx runtime and the linter both see every migration. */
const listedMigrations: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => Object.fromEntries(migrations),
};

/**
 * Brings the database to the newest migration. Safe to call from several processes at once:
 * kysely serialises migrators with an advisory lock.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Kysely instance, whatever its typed schema
export async function migrateToLatest(db: Kysely<any>): Promise<readonly string[]> {
  const migrator = new Migrator({ db, provider: listedMigrations });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
