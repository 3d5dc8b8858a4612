import { migrateToLatest } from '@oj/read-models';
import { createKysely } from './create-kysely';
import { createPool } from './create-pool';

/** Runs every read-model migration against the database at `url`; returns the names newly applied. */
export async function migrateDatabase(url: string): Promise<readonly string[]> {
  const pool = createPool(url, { max: 2, applicationName: 'oj-migrate' });
  try {
    return await migrateToLatest(createKysely(pool));
  } finally {
    await pool.end();
  }
}
