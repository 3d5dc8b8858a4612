import { sql, type Kysely } from 'kysely';
import type { Principal } from '@oj/platform';
import type { Database } from '@oj/read-models';
import { definitionOf, type ProblemRecord } from './problem-rows';
import { adminProblemPage } from './admin-problem-page';
import { mayManageProblem } from './problem-managers';

const remoteBanks = new Set(['HDU', 'CF', 'GYM', 'POJ', 'SPOJ', 'AC', 'LIBRE']);

/**
 * GET /api/admin/problem/get-problem-list (admin §5.7): newest first, whole Problem entities. An admin sees the
 * whole bank, as in HOJ, but the checker source and judge extra files only of the problems they created: HOJ
 * gives every admin every problem's SPJ source (issue 10, F10).
 */
export async function adminProblemList(
  db: Kysely<Database>,
  query: { limit: number; currentPage: number; keyword: string; auth?: number | undefined; oj?: string | undefined },
  caller: Pick<Principal, 'userId' | 'role'>,
) {
  let allowed = db.selectFrom('problems');
  if (query.auth) allowed = allowed.where('auth', '=', query.auth);
  if (query.oj && remoteBanks.has(query.oj.toUpperCase())) allowed = allowed.where(sql<boolean>`false`);
  return adminProblemPage(allowed, query, (row) => mayManageProblem(caller, row));
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
