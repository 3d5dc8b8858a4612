import { sql, type Kysely } from 'kysely';
import { fold, type DomainEvent } from '../../handling/decider';
import type { Database } from '@oj/read-models';
import { problemStream, type EventStore } from '@oj/events';
import { isLive, problemModel, type ProblemState } from '../problem.state';

/**
 * The problem that holds a display id (case-insensitively), from the read model. Two admins saving the same
 * new id at the same instant could both pass; accepted (docs/problems.md) rather than a claim stream per id.
 */
export async function displayIdOwner(db: Kysely<Database>, displayId: string): Promise<number | null> {
  const row = await db
    .selectFrom('problems')
    .select('problem_id')
    .where('display_id_key', '=', displayId.trim().toUpperCase())
    .executeTakeFirst();
  return row?.problem_id ?? null;
}

/** Problem ids come from a Postgres sequence, so every command process allocates distinct ones. */
export async function nextProblemId(db: Kysely<Database>): Promise<number> {
  const result = await sql<{ id: string }>`SELECT nextval('problem_ids') AS id`.execute(db);
  return Number(result.rows[0]?.id);
}

export async function loadProblem(store: EventStore, problemId: number): Promise<ProblemState> {
  const events: readonly DomainEvent[] = await store.readStream(problemStream(problemId));
  return fold(problemModel, events);
}

export { isLive };
