import { sql, type Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import type { UserHome } from '@oj/contracts';

export interface UserLookup {
  readonly uid?: string | undefined;
  readonly username?: string | undefined;
}

/** The user both given keys name (api-core §5: when both are given, both must match). */
export async function findUser(db: Kysely<Database>, lookup: UserLookup) {
  let query = db.selectFrom('users').selectAll();
  if (lookup.uid) query = query.where('user_id', '=', lookup.uid);
  if (lookup.username) query = query.where('username_key', '=', lookup.username.toLowerCase());
  return (await query.executeTakeFirst()) ?? null;
}

type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** Spec 000 §2.6 from the submissions, accepted-problems and problems read models. */
export async function readUserHome(db: Kysely<Database>, user: UserRow): Promise<UserHome> {
  const userId = user.user_id;
  const total = await db
    .selectFrom('submissions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('contest_id', 'is', null)
    .where('group_id', 'is', null)
    .executeTakeFirst();
  const scores = await db
    .selectFrom('submissions')
    .select(['problem_id', sql<number>`max(oi_rank_score)`.as('best')])
    .where('user_id', '=', userId)
    .where('contest_id', 'is', null)
    .where('group_id', 'is', null)
    .where('oi_rank_score', 'is not', null)
    .groupBy('problem_id')
    .orderBy('problem_id')
    .execute();
  const solved = await db
    .selectFrom('problems')
    .select(['problem_id', 'display_id', 'difficulty'])
    .where('problem_id', 'in', (eb) =>
      eb
        .selectFrom('accepted_submissions')
        .select('problem_id')
        .where('user_id', '=', userId)
        .where('is_accepted', '=', true),
    )
    .orderBy('problem_id')
    .execute();
  const byDifficulty: Record<string, { id: number; problemId: string; difficulty: number }[]> = {};
  for (const row of solved) {
    (byDifficulty[String(row.difficulty)] ??= []).push({
      id: row.problem_id,
      problemId: row.display_id,
      difficulty: row.difficulty,
    });
  }
  return {
    uid: userId,
    username: user.username,
    nickname: user.nickname,
    gender: user.gender,
    signature: user.signature,
    school: user.school,
    github: user.github,
    blog: user.blog,
    avatar: user.avatar,
    titleName: user.title_name,
    titleColor: user.title_color,
    rating: null,
    total: Number(total?.n ?? 0),
    scoreList: scores.map((row) => Number(row.best)),
    solvedList: solved.map((row) => row.display_id),
    solvedGroupByDifficulty: solved.length > 0 ? byDifficulty : null,
    recentLoginTime: user.last_login_at ? user.last_login_at.toISOString() : null,
  };
}

/** Submissions outside contests (group ones included) per UTC day since today − 1 year (api-core §5). */
export async function readCalendarHeatmap(db: Kysely<Database>, userId: string | null, now: Date) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const since = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), today.getUTCDate()));
  const rows = userId
    ? await db
        .selectFrom('submissions')
        .select([
          sql<string>`to_char(submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('date'),
          sql<string>`count(*)`.as('count'),
        ])
        .where('user_id', '=', userId)
        .where('contest_id', 'is', null)
        .where('submitted_at', '>=', since)
        .groupBy('date')
        .orderBy('date')
        .execute()
    : [];
  return {
    endDate: today.toISOString().slice(0, 10),
    dataList: rows.map((row) => ({ date: row.date, count: Number(row.count) })),
  };
}
