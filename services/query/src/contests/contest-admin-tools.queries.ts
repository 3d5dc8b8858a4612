import { sql, type Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import type { ContestRow } from './contests.queries';
import { page } from '../paging/page';

/**
 * The AC helper (§1.2.1): each user's first AC per contest problem, kept when submitted within [start, end],
 * creator and root users left out (star users stay); unchecked first, then by submit time; first blood per
 * problem over all kept rows (smallest whole second, earlier row in this order on a tie).
 */
export async function acHelperRows(
  db: Kysely<Database>,
  contest: ContestRow,
  paging: { currentPage: number; limit: number },
) {
  const { startAt, endAt } = contest.settings;
  const { rows } = await sql<{
    submission_id: number;
    user_id: string;
    username: string;
    realname: string | null;
    problem_id: number;
    display_id: string;
    submitted_at: Date;
    checked: boolean;
  }>`SELECT * FROM (
      SELECT DISTINCT ON (s.user_id, s.contest_problem_id) s.submission_id, s.user_id, s.username, u.realname,
        s.problem_id, p.display_id, s.submitted_at, coalesce(c.checked, false) AS checked
      FROM submissions s
      JOIN contest_problems p ON p.contest_problem_id = s.contest_problem_id
      LEFT JOIN users u ON u.user_id = s.user_id
      LEFT JOIN contest_ac_checks c ON c.submission_id = s.submission_id
      WHERE s.contest_id = ${contest.contestId} AND s.status = 'AC' AND s.user_id <> ${contest.createdBy}
        AND s.user_id NOT IN (SELECT user_id FROM users WHERE role = 'root')
      ORDER BY s.user_id, s.contest_problem_id, s.submission_id
    ) firsts
    WHERE submitted_at >= ${startAt} AND submitted_at <= ${endAt}
    ORDER BY checked, submitted_at, submission_id`.execute(db);
  const seconds = (row: { submitted_at: Date }) =>
    Math.floor((row.submitted_at.getTime() - Date.parse(startAt)) / 1000);
  const firstBlood = new Map<string, number>();
  for (const row of rows) {
    const best = firstBlood.get(row.display_id);
    const current = rows.find((candidate) => candidate.submission_id === best);
    if (!current || seconds(row) < seconds(current)) firstBlood.set(row.display_id, row.submission_id);
  }
  const first = (paging.currentPage - 1) * paging.limit;
  const records = rows.slice(first, first + paging.limit).map((row) => ({
    id: row.submission_id,
    cid: contest.contestId,
    uid: row.user_id,
    pid: row.problem_id,
    cpid: null,
    displayId: row.display_id,
    submitId: row.submission_id,
    username: row.username,
    realname: row.realname,
    status: 1,
    submitTime: row.submitted_at.toISOString(),
    time: seconds(row),
    score: null,
    useTime: null,
    checked: row.checked,
    firstBlood: firstBlood.get(row.display_id) === row.submission_id,
    gmtCreate: null,
    gmtModified: null,
  }));
  return page(records, rows.length, paging.limit, paging.currentPage);
}

/** The print queue (§1.2.3): without content, unprinted first, newest first. */
export async function printQueue(
  db: Kysely<Database>,
  contestId: number,
  paging: { currentPage: number; limit: number },
) {
  const query = db.selectFrom('contest_prints').where('contest_id', '=', contestId);
  const total = Number((await query.select(db.fn.countAll<string>().as('count')).executeTakeFirst())?.count ?? 0);
  const rows = await query
    .select(['print_id', 'contest_id', 'username', 'realname', 'status', 'created_at'])
    .orderBy('status')
    .orderBy('created_at', 'desc')
    .limit(paging.limit)
    .offset((paging.currentPage - 1) * paging.limit)
    .execute();
  const records = rows.map((row) => ({
    id: row.print_id,
    cid: row.contest_id,
    username: row.username,
    realname: row.realname,
    status: row.status,
    gmtCreate: row.created_at.toISOString(),
  }));
  return page(records, total, paging.limit, paging.currentPage);
}

export const findPrint = (db: Kysely<Database>, printId: number) =>
  db.selectFrom('contest_prints').selectAll().where('print_id', '=', printId).executeTakeFirst();
