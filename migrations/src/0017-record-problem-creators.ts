import { sql, type Kysely } from 'kysely';
import type { ProblemsTable } from './0007-create-problems';

/** A bank problem with its creator's uid. */
export interface OwnedProblemsTable extends ProblemsTable {
  /**
   * The uid ProblemCreated records (projection `problems`): with root and problem_admin, the one who may manage
   * the problem. `author` is display text a save's body sets, never a permission (issue 10, F14). Null for
   * problems created before the uid was recorded, and for the demo problems: root and problem admins only.
   */
  creator_id: string | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE problems ADD COLUMN IF NOT EXISTS creator_id text`.execute(db);
  // The back office lists an admin's own problems (admin-problems.queries.ts).
  await sql`CREATE INDEX IF NOT EXISTS problems_creator_id ON problems (creator_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS problems_creator_id`.execute(db);
  await sql`ALTER TABLE problems DROP COLUMN IF EXISTS creator_id`.execute(db);
}
