import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the lists everyone reads (issue 14, `npm run bench -- api`; docs/performance.md):
 * - `problems_public_order`: get-problem-list's order (shorter display ids first) over public problems, so a page
 *   is an index range instead of sorting the whole bank on every request;
 * - `submissions_public_list`: get-submission-list's order over non-contest rows of the public bank, so a page
 *   skips contest rows (half the table on a contest site) without reading them;
 * - `submissions_user_list`: the same list restricted to one user (`onlyMine`, the profile), newest first,
 *   instead of reading every row of the user and sorting them;
 * - `submissions_problem_list`: the same list for one problem by exact display id (`completeProblemID`, the
 *   problem page's submissions link; HOJ compares display ids case-insensitively, hence `upper`).
 * A username or display-id substring (`ilike '%x%'`) still reads the list in order and filters: a trigram index
 * would need pg_trgm, which the embedded PostgreSQL is not known to ship.
 * Rebuilds copy them (`LIKE … INCLUDING ALL`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS problems_public_order ON problems ((length(display_id)), display_id)
    WHERE auth = 1`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS submissions_public_list ON submissions (submitted_at DESC, submission_id DESC)
    WHERE contest_id IS NULL AND group_id IS NULL`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS submissions_user_list ON submissions (user_id, submitted_at DESC, submission_id DESC)
    WHERE contest_id IS NULL`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS submissions_problem_list
    ON submissions ((upper(display_pid)), submitted_at DESC, submission_id DESC) WHERE contest_id IS NULL`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS submissions_problem_list`.execute(db);
  await sql`DROP INDEX IF EXISTS submissions_user_list`.execute(db);
  await sql`DROP INDEX IF EXISTS submissions_public_list`.execute(db);
  await sql`DROP INDEX IF EXISTS problems_public_order`.execute(db);
}
