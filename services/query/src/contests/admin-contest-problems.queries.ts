import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { page, toProblemEntity } from '../problems/problem-rows';

type Db = Kysely<Database>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

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
  const filtered = () => {
    let selection = db
      .selectFrom('problems')
      .where('type', '=', query.type)
      .where('auth', '<>', 2)
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
    if (query.keyword !== '') {
      const pattern = `%${escapeLike(query.keyword)}%`;
      selection = selection.where((eb) =>
        eb.or([eb('title', 'ilike', pattern), eb('display_id', 'ilike', pattern), eb('author', 'ilike', pattern)]),
      );
    }
    return selection;
  };
  const counted = await filtered()
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirst();
  const rows = await filtered()
    .selectAll()
    .orderBy('problem_id', 'desc')
    .limit(query.limit)
    .offset((query.currentPage - 1) * query.limit)
    .execute();
  return page(
    rows.map((row) => toProblemEntity(row, false)),
    Number(counted?.count ?? 0),
    query.limit,
    query.currentPage,
  );
}
