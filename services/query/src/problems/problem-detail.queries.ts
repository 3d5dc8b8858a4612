import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { tagsOfProblems } from '../tags/tags.queries';
import { definitionOf, languagesOf, toProblemEntity, type ProblemRecord } from './problem-rows';

export async function problemByDisplayId(db: Kysely<Database>, displayId: string): Promise<ProblemRecord | null> {
  const row = await db
    .selectFrom('problems')
    .selectAll()
    .where('display_id_key', '=', displayId.trim().toUpperCase())
    .executeTakeFirst();
  return row ?? null;
}

export async function problemById(db: Kysely<Database>, problemId: number): Promise<ProblemRecord | null> {
  if (!Number.isSafeInteger(problemId) || problemId > 2_147_483_647 || problemId < 1) return null;
  const row = await db.selectFrom('problems').selectAll().where('problem_id', '=', problemId).executeTakeFirst();
  return row ?? null;
}

/** HOJ's problemCount: the public bank's counters (group 0), zeros when nobody submitted yet. */
export async function problemCount(db: Kysely<Database>, problemId: number) {
  const row = await db
    .selectFrom('problem_counters')
    .select(['total', 'ac', 'mle', 'tle', 're', 'pe', 'ce', 'wa', 'se', 'pa'])
    .where('problem_id', '=', problemId)
    .where('group_id', '=', 0)
    .executeTakeFirst();
  const zero = { total: 0, ac: 0, mle: 0, tle: 0, re: 0, pe: 0, ce: 0, wa: 0, se: 0, pa: 0 };
  return { pid: problemId, ...(row ?? zero) };
}

/** get-problem-detail's ProblemInfoVO (api-core §3), for a public problem. */
export async function problemDetail(db: Kysely<Database>, row: ProblemRecord) {
  const definition = definitionOf(row);
  const tags = await tagsOfProblems(db, [row.problem_id]);
  return {
    problem: toProblemEntity(row, false),
    tags: tags.get(row.problem_id) ?? [],
    languages: languagesOf(definition).map((language) => language.name),
    problemCount: await problemCount(db, row.problem_id),
    codeTemplate: Object.fromEntries(
      definition.codeTemplates
        .filter((template) => template.enabled)
        .map((template) => [template.language, template.code]),
    ),
  };
}
