import { sql, type Kysely } from 'kysely';
import { scoreboardTablePrefixes } from './0010-create-contests';

/**
 * Board reads fetch one page instead of every row, so they need index ranges for: the board order
 * (ACM ac desc, OI score desc — the other is always 0, so one key `-(ac + total_score)` — then time, then
 * the first processed record), counting the rows better than or before a row (row comparisons on that
 * key), and finding star users by name. The old order index is replaced: it cannot serve row comparisons.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  for (const prefix of scoreboardTablePrefixes) {
    const rows = sql.table(`${prefix}_rows`);
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${prefix}_rows_rank`)} ON ${rows}
      (contest_id, view, (-(ac + total_score)), total_time, first_time, first_submission_id)`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${prefix}_rows_username`)} ON ${rows}
      (contest_id, view, username)`.execute(db);
    await sql`DROP INDEX IF EXISTS ${sql.id(`${prefix}_rows_order`)}`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const prefix of scoreboardTablePrefixes) {
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${prefix}_rows_order`)} ON ${sql.table(`${prefix}_rows`)}
      (contest_id, view, ac DESC, total_score DESC, total_time, first_time, first_submission_id)`.execute(db);
    await sql`DROP INDEX IF EXISTS ${sql.id(`${prefix}_rows_username`)}`.execute(db);
    await sql`DROP INDEX IF EXISTS ${sql.id(`${prefix}_rows_rank`)}`.execute(db);
  }
}
