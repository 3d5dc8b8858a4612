import { sql, type Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { definitionOf, page, toProblemEntity, type ProblemRecord } from './problem-rows';

const remoteBanks = new Set(['HDU', 'CF', 'GYM', 'POJ', 'SPOJ', 'AC', 'LIBRE']);

/** GET /api/admin/problem/get-problem-list (admin §5.7): newest first, whole Problem entities. */
export async function adminProblemList(
  db: Kysely<Database>,
  query: { limit: number; currentPage: number; keyword: string; auth?: number | undefined; oj?: string | undefined },
) {
  const filtered = () => {
    let selection = db.selectFrom('problems');
    if (query.keyword !== '') {
      const pattern = `%${query.keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      selection = selection.where((eb) =>
        eb.or([eb('title', 'ilike', pattern), eb('author', 'ilike', pattern), eb('display_id', 'ilike', pattern)]),
      );
    }
    if (query.auth) selection = selection.where('auth', '=', query.auth);
    if (query.oj && remoteBanks.has(query.oj.toUpperCase())) selection = selection.where(sql<boolean>`false`);
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
    rows.map((row) => toProblemEntity(row, true)),
    Number(counted?.count ?? 0),
    query.limit,
    query.currentPage,
  );
}

/** HOJ's problem_case rows: file names for uploaded data, the literal text for manual data. */
export function problemCases(row: ProblemRecord, isUpload: boolean) {
  const definition = definitionOf(row);
  const cases = definition.testCases.map((testCase) => ({
    id: testCase.caseId,
    pid: row.problem_id,
    input: testCase.manualInput ?? testCase.inputName,
    output: testCase.manualOutput ?? testCase.outputName,
    score: testCase.score,
    status: 0,
    groupNum: testCase.groupNum,
    gmtCreate: row.modified_at.toISOString(),
    gmtModified: row.modified_at.toISOString(),
  }));
  if (!isUpload) return cases;
  return cases.sort((a, b) => a.input.length - b.input.length || (a.input < b.input ? -1 : a.input > b.input ? 1 : 0));
}
