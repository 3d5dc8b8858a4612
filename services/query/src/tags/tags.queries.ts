import type { Kysely, Selectable } from 'kysely';
import type { Database, TagClassificationsTable, TagsTable } from '@oj/read-models';
import type { TagRow } from '@oj/contracts';

export function toTagRow(row: Selectable<TagsTable>): TagRow {
  return {
    id: row.tag_id,
    name: row.name,
    color: row.color,
    oj: row.oj,
    gid: null,
    tcid: row.classification_id,
    gmtCreate: row.created_at.toISOString(),
    gmtModified: row.modified_at.toISOString(),
  };
}

type ClassificationRow = ReturnType<typeof toClassificationRow>;

export function toClassificationRow(row: Selectable<TagClassificationsTable>) {
  return {
    id: row.classification_id,
    name: row.name,
    oj: row.oj,
    rank: row.rank,
    gmtCreate: row.created_at.toISOString(),
    gmtModified: row.modified_at.toISOString(),
  };
}

/** "ALL" → every tag; otherwise the tags of that bank (api-core §3 get-all-problem-tags). */
export async function tagsOfBank(db: Kysely<Database>, oj: string): Promise<TagRow[]> {
  let query = db.selectFrom('tags').selectAll().orderBy('tag_id');
  if (oj !== 'ALL') query = query.where('oj', '=', oj);
  return (await query.execute()).map(toTagRow);
}

export async function classificationsOfBank(db: Kysely<Database>, oj: string) {
  let query = db.selectFrom('tag_classifications').selectAll();
  query =
    oj === 'ALL'
      ? query.orderBy('classification_id')
      : query.where('oj', '=', oj).orderBy('rank').orderBy('classification_id');
  return (await query.execute()).map(toClassificationRow);
}

/**
 * get-problem-tags-and-classification (api-core §3): each classification with its tags, then the leftover
 * tags under a null classification. For "ALL", own-bank classifications first, other banks alphabetically.
 */
export async function tagsByClassification(db: Kysely<Database>, oj: string) {
  const [tags, classifications] = await Promise.all([tagsOfBank(db, oj), classificationsOfBank(db, oj)]);
  if (oj === 'ALL') {
    classifications.sort(
      (a, b) =>
        Number(b.oj === 'ME') - Number(a.oj === 'ME') || a.oj.localeCompare(b.oj) || a.rank - b.rank || a.id - b.id,
    );
  }
  const known = new Set(classifications.map((classification) => classification.id));
  const groups: { classification: ClassificationRow | null; tagList: TagRow[] }[] = classifications.map(
    (classification) => ({
      classification,
      tagList: tags.filter((tag) => tag.tcid === classification.id),
    }),
  );
  const leftover = tags.filter((tag) => tag.tcid === null || !known.has(tag.tcid));
  if (leftover.length > 0 || groups.length === 0) groups.push({ classification: null, tagList: leftover });
  return groups;
}

/** A problem's tags (inner join: a link to a deleted tag shows nothing). */
export async function tagsOfProblems(
  db: Kysely<Database>,
  problemIds: readonly number[],
): Promise<Map<number, TagRow[]>> {
  const byProblem = new Map<number, TagRow[]>();
  if (problemIds.length === 0) return byProblem;
  const rows = await db
    .selectFrom('problem_tags')
    .innerJoin('tags', 'tags.tag_id', 'problem_tags.tag_id')
    .selectAll('tags')
    .select('problem_tags.problem_id')
    .where('problem_tags.problem_id', 'in', [...problemIds])
    .orderBy('tags.tag_id')
    .execute();
  for (const row of rows) {
    const list = byProblem.get(row.problem_id) ?? [];
    list.push(toTagRow(row));
    byProblem.set(row.problem_id, list);
  }
  return byProblem;
}
