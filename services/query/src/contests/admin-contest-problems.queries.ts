import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { adminProblemPage } from '../problems/admin-problem-page';
import { hiddenProblemAuth } from './contests.queries';

type Db = Kysely<Database>;

/**
 * §1.3 candidates: problems of the contest's type that it does not hold yet and that are not private
 * (auth ≠ 2; other contests' problems, auth 3, may be shared), keyword over title, display id and author,
 * newest first. There are no group or remote problems here.
 */
export async function candidateProblems(
  db: Db,
  query: {
    readonly contestId: number;
    readonly type: 'ACM' | 'OI';
    readonly keyword: string;
    readonly limit: number;
    readonly currentPage: number;
  },
) {
  const allowed = db
    .selectFrom('problems')
    .where('type', '=', query.type)
    .where('auth', '<>', hiddenProblemAuth)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('contest_problems')
            .select('contest_problems.problem_id')
            .where('contest_problems.contest_id', '=', query.contestId)
            .whereRef('contest_problems.problem_id', '=', 'problems.problem_id'),
        ),
      ),
    );
  return adminProblemPage(allowed, query, false);
}
