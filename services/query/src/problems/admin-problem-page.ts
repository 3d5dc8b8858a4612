import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '@oj/read-models';
import { page } from '../paging/page';
import { toProblemEntity, type ProblemRecord } from './problem-rows';
import { containsPattern } from '../search/contains-pattern';

/**
 * One page of an admin problem list (the bank's list, a contest's candidates) out of the problems the caller's
 * selection allows: the keyword matched literally within title, display id or author, newest first, whole Problem
 * entities in MyBatis-Plus's page.
 */
export async function adminProblemPage(
  allowed: SelectQueryBuilder<Database, 'problems', object>,
  query: { readonly keyword: string; readonly limit: number; readonly currentPage: number },
  withJudgeSecrets: boolean | ((row: ProblemRecord) => boolean),
) {
  const pattern = containsPattern(query.keyword);
  const filtered =
    query.keyword === ''
      ? allowed
      : allowed.where((eb) =>
          eb.or([eb('title', 'ilike', pattern), eb('display_id', 'ilike', pattern), eb('author', 'ilike', pattern)]),
        );
  const counted = await filtered.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirst();
  const rows = await filtered
    .selectAll()
    .orderBy('problem_id', 'desc')
    .limit(query.limit)
    .offset((query.currentPage - 1) * query.limit)
    .execute();
  return page(
    rows.map((row) =>
      toProblemEntity(row, typeof withJudgeSecrets === 'boolean' ? withJudgeSecrets : withJudgeSecrets(row)),
    ),
    Number(counted?.count ?? 0),
    query.limit,
    query.currentPage,
  );
}
