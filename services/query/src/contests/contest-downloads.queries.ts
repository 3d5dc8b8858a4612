import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import type { AcceptedSubmission } from './ac-submissions-archive';
import type { ContestRow } from './contests.queries';

type Db = Kysely<Database>;

/** Ids per query: well under Postgres's 65,535 bind parameters, and a bounded amount of code in one reply. */
const batchSize = 1000;

const batchesOf = <Item>(items: readonly Item[]): Item[][] =>
  Array.from({ length: Math.ceil(items.length / batchSize) }, (_, index) =>
    items.slice(index * batchSize, (index + 1) * batchSize),
  );

/**
 * The download's candidates (§1.2.6), without code: the contest's submissions to its current problems, submitted
 * between start and end (both inclusive); ACM: accepted ones; OI: those with a score. `excludedUserIds` is the
 * creator and root users when `excludeAdmin` is on.
 */
export async function acceptedSubmissions(
  db: Db,
  contest: ContestRow,
  excludedUserIds: readonly string[],
): Promise<AcceptedSubmission[]> {
  let query = db
    .selectFrom('submissions as s')
    .innerJoin('contest_problems as p', 'p.contest_problem_id', 's.contest_problem_id')
    .select(['s.submission_id', 's.username', 'p.display_id', 's.language', 's.score', 's.submitted_at'])
    .where('s.contest_id', '=', contest.contestId)
    .where('p.contest_id', '=', contest.contestId)
    .where('s.submitted_at', '>=', new Date(contest.settings.startAt))
    .where('s.submitted_at', '<=', new Date(contest.settings.endAt));
  query = contest.type === 'ACM' ? query.where('s.status', '=', 'AC') : query.where('s.score', 'is not', null);
  if (excludedUserIds.length > 0) query = query.where('s.user_id', 'not in', excludedUserIds);
  const rows = await query.orderBy('s.submission_id').execute();
  return rows.map((row) => ({
    submissionId: row.submission_id,
    username: row.username,
    displayId: row.display_id,
    language: row.language,
    score: row.score,
    submittedAt: row.submitted_at,
  }));
}

/** The code of the chosen submissions, fetched in batches. */
export async function submissionCodes(db: Db, submissionIds: readonly number[]): Promise<Map<number, string>> {
  const codes = new Map<number, string>();
  for (const batch of batchesOf(submissionIds)) {
    const rows = await db
      .selectFrom('submissions')
      .select(['submission_id', 'code'])
      .where('submission_id', 'in', batch)
      .execute();
    for (const row of rows) codes.set(row.submission_id, row.code);
  }
  return codes;
}
