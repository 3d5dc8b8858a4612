import { sql, type Kysely } from 'kysely';
import type { SubmissionCasesTable } from './0006-create-submissions';

/** A case row with what an interactive case adds (issue 11): both null in the other modes and for older cases. */
export interface InteractiveSubmissionCasesTable extends SubmissionCasesTable {
  /** The interactor's own verdict (AC, WA, PE, PA, SE), which the program's TLE, MLE or RE may have hidden. */
  interactor_status: string | null;
  /** 'interactor' or 'program': which side ended first; null when the judge could not tell. */
  first_to_finish: string | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE submission_cases ADD COLUMN IF NOT EXISTS interactor_status text`.execute(db);
  await sql`ALTER TABLE submission_cases ADD COLUMN IF NOT EXISTS first_to_finish text`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE submission_cases DROP COLUMN IF EXISTS first_to_finish`.execute(db);
  await sql`ALTER TABLE submission_cases DROP COLUMN IF EXISTS interactor_status`.execute(db);
}
