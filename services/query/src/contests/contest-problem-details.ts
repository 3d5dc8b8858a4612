import { sql, type Kysely } from 'kysely';
import { contestStatusAt } from '@oj/events';
import type { Database } from '@oj/read-models';
import { problemById, problemDetail } from '../problems/problem-detail.queries';
import { isSealedFor, type Viewer } from './contest-access';
import type { ContestRow } from './contests.queries';

const countedStatuses = {
  AC: 'ac',
  PE: 'pe',
  CE: 'ce',
  WA: 'wa',
  TLE: 'tle',
  MLE: 'mle',
  RE: 're',
  SE: 'se',
  PA: 'pa',
};

/**
 * get-contest-problem-details' ProblemInfoVO (§1.1): the bank's detail with the contest's display title;
 * source, author and difficulty hidden until the end; counts over the contest's rows (root users and the
 * creator left out) cut at the seal for sealed viewers, else at the end unless containsEnd applies.
 * Tags are hidden until the end, the stated intent (HOJ shows them only before the end [quirk 4]).
 * `problemId` is the contest's display id, never the bank's (F4).
 * Null when the contest has no such display id or its problem is gone.
 */
export async function contestProblemDetails(
  db: Kysely<Database>,
  contest: ContestRow,
  displayId: string,
  viewer: Viewer,
  options: { readonly containsEnd: boolean; readonly now: Date },
) {
  const link = await db
    .selectFrom('contest_problems')
    .selectAll()
    .where('contest_id', '=', contest.contestId)
    .where('display_id', '=', displayId)
    .executeTakeFirst();
  const row = link ? await problemById(db, link.problem_id) : null;
  if (!link || !row) return null;
  const detail = await problemDetail(db, row);
  const settings = contest.settings;
  const isEnded = contestStatusAt(settings.startAt, settings.endAt, options.now) === 1;
  const sealed = isSealedFor(contest, viewer, true, options.now) && settings.sealRankAt !== null;
  const until = sealed ? settings.sealRankAt : options.containsEnd && settings.allowEndSubmit ? null : settings.endAt;
  const { rows } = await sql<{ status: string; count: string }>`
    SELECT status, count(*) AS count FROM submissions
    WHERE contest_id = ${contest.contestId} AND contest_problem_id = ${link.contest_problem_id}
      AND submitted_at >= ${settings.startAt} ${until ? sql`AND submitted_at < ${until}` : sql``}
      AND user_id <> ${contest.createdBy}
      AND user_id NOT IN (SELECT user_id FROM users WHERE role = 'root')
    GROUP BY status`.execute(db);
  const problemCount: Record<string, number | null> = {
    pid: null,
    total: 0,
    ac: 0,
    pe: 0,
    ce: 0,
    wa: 0,
    tle: 0,
    mle: 0,
    re: 0,
    se: 0,
    pa: 0,
  };
  for (const { status, count } of rows) {
    problemCount.total = (problemCount.total ?? 0) + Number(count);
    const key = countedStatuses[status as keyof typeof countedStatuses];
    if (key) problemCount[key] = (problemCount[key] ?? 0) + Number(count);
  }
  const hidden = isEnded ? {} : { source: null, author: null, difficulty: null };
  return {
    ...detail,
    // F4: the bank's display id would open the problem to practice runs; the contest's names it here. The numeric
    // id stays: HOJ's client keys the contest status map and the test run by it.
    problem: { ...detail.problem, problemId: link.display_id, title: link.display_title, ...hidden },
    tags: isEnded ? detail.tags : [],
    problemCount,
  };
}
