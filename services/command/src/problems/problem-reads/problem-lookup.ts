import { sql, type Kysely } from 'kysely';
import { fold, type DomainEvent } from '../../handling/decider';
import type { Database } from '@oj/read-models';
import { problemStream, type EventStore } from '@oj/events';
import { isLive, problemModel, type ProblemState } from '../problem.state';

/**
 * The problem that holds a display id (case-insensitively), from the read model. Uniqueness is decided by the
 * id's claim stream (display-id-claims.ts); this answer speaks for problems saved before claims existed.
 */
export async function displayIdOwner(db: Kysely<Database>, displayId: string): Promise<number | null> {
  const row = await db
    .selectFrom('problems')
    .select('problem_id')
    .where('display_id_key', '=', displayIdKey(displayId))
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

/** Whether the event store shows the problem live under this display id (compared upper-cased and trimmed). */
export async function holdsDisplayId(store: EventStore, problemId: number, displayId: string): Promise<boolean> {
  const problem = await loadProblem(store, problemId);
  return isLive(problem) && displayIdKey(problem.definition.displayId) === displayIdKey(displayId);
}

/** How the bank compares display ids: trimmed, upper-cased (MySQL's case-insensitive collation in HOJ). */
export const displayIdKey = (displayId: string): string => displayId.trim().toUpperCase();

export { isLive };
