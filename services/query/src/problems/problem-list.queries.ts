import { sql, type Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import type { TagsTable } from '@oj/read-models';
import type { Selectable } from 'kysely';
import { toTagRow } from '../tags/tags.queries';
import { page } from '../paging/page';
import type { ProblemListQuery } from '@oj/contracts';
import { containsPattern } from '../search/contains-pattern';
import type { CheckpointedTotals } from '../paging/checkpointed-totals';

/** Remote banks (spec 000 §1, api-core §3): our bank has no remote problems, so these filter to nothing. */
const remoteBanks = new Set(['HDU', 'CF', 'GYM', 'POJ', 'SPOJ', 'AC', 'LIBRE']);
const counterColumns = ['total', 'ac', 'mle', 'tle', 're', 'pe', 'ce', 'wa', 'se', 'pa'] as const;

function publicProblems(db: Kysely<Database>, query: ProblemListQuery) {
  let selection = db.selectFrom('problems').where('auth', '=', 1);
  if (query.keyword !== '') {
    const pattern = containsPattern(query.keyword);
    selection = selection.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('display_id', 'ilike', pattern)]));
  }
  if (query.difficulty !== null) selection = selection.where('difficulty', '=', query.difficulty);
  if (query.oj !== undefined && remoteBanks.has(query.oj.toUpperCase()))
    selection = selection.where(sql<boolean>`false`);
  if (query.tagId.length > 0) {
    // Every given tag (AND), api-core §3.
    selection = selection.where('problems.problem_id', 'in', (eb) =>
      eb
        .selectFrom('problem_tags')
        .select('problem_id')
        .where('tag_id', 'in', query.tagId)
        .groupBy('problem_id')
        .having(sql<number>`count(DISTINCT tag_id)`, '=', query.tagId.length),
    );
  }
  return selection;
}

/** A `tags` row as json_agg prints it: its times as text. */
type StoredTag = Omit<Selectable<TagsTable>, 'created_at' | 'modified_at'> & {
  created_at: string;
  modified_at: string;
};

/** The projection whose rows the problem list's total counts (problems and problem_tags). */
export const problemListProjections = ['problems'] as const;

/**
 * GET /api/get-problem-list: public problems by display id (shorter first), with verdict counters. The page is
 * cut first (the order is served by the partial index `problems_public_order`, migration 0025) and only its
 * rows get their counters and tags (one statement); the total is counted once per state of the problems read model.
 */
export async function problemList(db: Kysely<Database>, query: ProblemListQuery, totals: CheckpointedTotals) {
  const { limit, currentPage, ...filterKey } = query;
  const pageRows = publicProblems(db, query)
    .select(['problems.problem_id', 'display_id', 'title', 'difficulty', 'type'])
    .orderBy(sql`length(display_id)`)
    .orderBy('display_id')
    .limit(limit)
    .offset((currentPage - 1) * limit);
  const [rows, total] = await Promise.all([
    db
      .selectFrom(pageRows.as('page'))
      .leftJoin('problem_counters', (join) =>
        join.onRef('problem_counters.problem_id', '=', 'page.problem_id').on('problem_counters.group_id', '=', 0),
      )
      .select(['page.problem_id', 'page.display_id', 'page.title', 'page.difficulty', 'page.type'])
      .select(counterColumns.map((column) => `problem_counters.${column}` as const))
      // The page's tags in the same statement: read after the page, they were a round trip of their own.
      .select(
        sql<StoredTag[]>`(SELECT coalesce(json_agg(tags ORDER BY tags.tag_id), '[]') FROM problem_tags
          JOIN tags ON tags.tag_id = problem_tags.tag_id WHERE problem_tags.problem_id = page.problem_id)`.as('tags'),
      )
      .orderBy(sql`length(page.display_id)`)
      .orderBy('page.display_id')
      .execute(),
    totals.total(JSON.stringify(filterKey), async () => {
      const counted = await publicProblems(db, query)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirst();
      return Number(counted?.count ?? 0);
    }),
  ]);
  const records = rows.map((row) => ({
    pid: row.problem_id,
    problemId: row.display_id,
    title: row.title,
    difficulty: row.difficulty,
    type: row.type === 'ACM' ? 0 : 1,
    tags: row.tags.map((tag) =>
      toTagRow({ ...tag, created_at: new Date(tag.created_at), modified_at: new Date(tag.modified_at) }),
    ),
    ...Object.fromEntries(counterColumns.map((column) => [column, Number(row[column] ?? 0)])),
    score: null,
  }));
  return page(records, total, limit, currentPage);
}

/** GET /api/get-random-problem: uniformly among public problems; null when there is none. */
export async function randomPublicProblem(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('problems')
    .select('display_id')
    .where('auth', '=', 1)
    .orderBy(sql`random()`)
    .limit(1)
    .executeTakeFirst();
  return row?.display_id ?? null;
}
