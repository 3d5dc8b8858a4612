import { sql, type Kysely } from 'kysely';
import { scoreboardTablePrefixes } from './0010-create-contests';

/**
 * The rank page (issue 14, `npm run bench -- api`; docs/performance.md) numbers a board in one pass in board order
 * (its size, each row's place among the listed rows, the rows better than and before it) and keeps only the page's
 * rows. 0014's rank index gives that order but not the row's user, so every entry was a heap fetch and the planner
 * preferred reading the table and sorting it (40 ms of a 215 ms page on the loaded VM). The same key with the user
 * id and stored name included makes the pass an index-only scan without a sort; it replaces 0014's index, whose
 * every use (board order, row comparisons on the key) it serves.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  for (const prefix of scoreboardTablePrefixes) {
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${prefix}_rows_rank_page`)} ON ${sql.table(`${prefix}_rows`)}
      (contest_id, view, rank_key, total_time, first_time, first_submission_id) INCLUDE (user_id, username)`.execute(
      db,
    );
    await sql`DROP INDEX IF EXISTS ${sql.id(`${prefix}_rows_ranking`)}`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const prefix of scoreboardTablePrefixes) {
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${prefix}_rows_ranking`)} ON ${sql.table(`${prefix}_rows`)}
      (contest_id, view, rank_key, total_time, first_time, first_submission_id)`.execute(db);
    await sql`DROP INDEX IF EXISTS ${sql.id(`${prefix}_rows_rank_page`)}`.execute(db);
  }
}
