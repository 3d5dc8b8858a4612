import { sql, type ColumnType, type Kysely } from 'kysely';
import { scoreboardTablePrefixes, type ScoreboardRowsTable } from './0010-create-contests';

/** A board row with its stored rank key (written by Postgres, never by the projections). */
export interface RankedScoreboardRowsTable extends ScoreboardRowsTable {
  rank_key: ColumnType<number, never, never>;
}

/**
 * The page read counts a board's rows in one pass over its rank index (its size, and the rows better than and
 * before a row). Over 0013's expression index that pass reads the table: an index-only scan cannot give
 * back `-(ac + total_score)` from an expression. A stored column of it can, so the index is rebuilt on that.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  for (const prefix of scoreboardTablePrefixes) {
    const rows = sql.table(`${prefix}_rows`);
    await sql`ALTER TABLE ${rows} ADD COLUMN IF NOT EXISTS rank_key integer
      GENERATED ALWAYS AS (-(ac + total_score)) STORED`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${prefix}_rows_ranking`)} ON ${rows}
      (contest_id, view, rank_key, total_time, first_time, first_submission_id)`.execute(db);
    await sql`DROP INDEX IF EXISTS ${sql.id(`${prefix}_rows_rank`)}`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const prefix of scoreboardTablePrefixes) {
    const rows = sql.table(`${prefix}_rows`);
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${prefix}_rows_rank`)} ON ${rows}
      (contest_id, view, (-(ac + total_score)), total_time, first_time, first_submission_id)`.execute(db);
    await sql`DROP INDEX IF EXISTS ${sql.id(`${prefix}_rows_ranking`)}`.execute(db);
    await sql`ALTER TABLE ${rows} DROP COLUMN IF EXISTS rank_key`.execute(db);
  }
}
