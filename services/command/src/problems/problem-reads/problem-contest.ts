import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import type { ContestFacts } from '../contest-placement';

/**
 * The contest a contest-problem save names, from the contests read model (its type, its creator and whether
 * it links the problem); null when there is no such contest. The problem stream never holds contest facts.
 */
export async function contestFactsFor(
  db: Kysely<Database>,
  contestId: number,
  problemId: number | null,
): Promise<ContestFacts | null> {
  const contest = await db
    .selectFrom('contests')
    .select(['type', 'created_by'])
    .where('contest_id', '=', contestId)
    .executeTakeFirst();
  if (!contest) return null;
  const link =
    problemId === null
      ? undefined
      : await db
          .selectFrom('contest_problems')
          .select('contest_problem_id')
          .where('contest_id', '=', contestId)
          .where('problem_id', '=', problemId)
          .executeTakeFirst();
  return {
    type: contest.type === 'OI' ? 'OI' : 'ACM',
    createdBy: contest.created_by,
    linksProblem: link !== undefined,
  };
}
