import { sql, type Kysely } from 'kysely';
import { publicImageUrl } from '@oj/events';
import type { Database } from '@oj/read-models';
import type { Announcement } from '@oj/contracts';

/** Calendar days are UTC days here (HOJ uses the server's Asia/Shanghai); see docs/home-and-ranks.md. */
export const utcDay = (at: Date, minusDays = 0): Date =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - minusDays));

export async function listCarouselImages(db: Kysely<Database>) {
  const rows = await db.selectFrom('carousel_images').select(['image_id', 'file_name']).orderBy('image_id').execute();
  return rows.map((row) => ({ id: row.image_id, url: publicImageUrl(row.file_name) }));
}

/** Newest first; `visibleOnly` for the home panel, all statuses for the admin list. */
export async function pageAnnouncements(
  db: Kysely<Database>,
  options: { readonly visibleOnly: boolean; readonly limit: number; readonly offset: number },
): Promise<{ records: Announcement[]; total: number }> {
  let base = db.selectFrom('announcements');
  if (options.visibleOnly) base = base.where('is_visible', '=', true);
  const counted = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
  const rows = await base
    .leftJoin('users', 'users.user_id', 'announcements.author_id')
    .select([
      'announcements.announcement_id',
      'announcements.title',
      'announcements.content',
      'announcements.author_id',
      'announcements.is_visible',
      'announcements.created_at',
      'announcements.modified_at',
      'users.username',
    ])
    .orderBy('announcements.created_at', 'desc')
    .orderBy('announcements.announcement_id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return {
    total: Number(counted?.n ?? 0),
    records: rows.map((row) => ({
      id: row.announcement_id,
      title: row.title,
      content: row.content,
      uid: row.author_id,
      username: row.username,
      status: row.is_visible ? 0 : 1,
      gmtCreate: row.created_at.toISOString(),
      gmtModified: row.modified_at.toISOString(),
    })),
  };
}

/**
 * Top 10 users by problems solved since today − 7 days (8 calendar days, api-core §2), ties by newest account;
 * users with none fill the list.
 */
export async function recentSevenDayAcRank(db: Kysely<Database>, now: Date) {
  const since = utcDay(now, 7);
  const rows = await db
    .selectFrom('users')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('accepted_submissions')
          .select(['user_id', sql<string>`count(DISTINCT problem_id)`.as('ac')])
          .where('is_accepted', '=', true)
          .where('accepted_at', '>=', since)
          .groupBy('user_id')
          .as('recent'),
      (join) => join.onRef('recent.user_id', '=', 'users.user_id'),
    )
    .select(['users.user_id', 'username', 'nickname', 'avatar', 'title_name', 'title_color', 'recent.ac'])
    .where('users.status', '=', 0)
    .orderBy(sql`coalesce(recent.ac, 0)`, 'desc')
    .orderBy('users.registered_at', 'desc')
    .orderBy('users.user_id')
    .limit(10)
    .execute();
  return rows.map((row) => ({
    uid: row.user_id,
    username: row.username,
    nickname: row.nickname,
    avatar: row.avatar,
    titleName: row.title_name,
    titleColor: row.title_color,
    ac: Number(row.ac ?? 0),
    signature: null,
    total: null,
    rating: null,
  }));
}

/**
 * Every submission outside contests (public and group) since 00:00 six days ago, per day, oldest first. HOJ
 * counts contest rows too; not copied (F15): during a freeze, today's AC count against the sealed board's pending
 * tries would tell which post-seal tries were accepted.
 */
export async function lastWeekSubmissionStatistics(db: Kysely<Database>, now: Date) {
  const days = [6, 5, 4, 3, 2, 1, 0].map((back) => utcDay(now, back));
  const rows = await db
    .selectFrom('submissions')
    .select([
      sql<string>`to_char(submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day'),
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) FILTER (WHERE status = 'AC')`.as('ac'),
    ])
    .where('submitted_at', '>=', days[0] ?? utcDay(now))
    .where('contest_id', 'is', null)
    .groupBy('day')
    .execute();
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const keys = days.map((day) => day.toISOString().slice(0, 10));
  return {
    dateStrList: keys.map((key) => key.slice(5)),
    acCountList: keys.map((key) => Number(byDay.get(key)?.ac ?? 0)),
    totalCountList: keys.map((key) => Number(byDay.get(key)?.total ?? 0)),
  };
}

/** The 10 newest public problems by creation time, as HOJ orders them despite the name (api-core §9.8). */
export async function recentUpdatedProblems(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('problems')
    .select(['problem_id', 'display_id', 'title', 'type', 'created_at', 'modified_at'])
    .where('auth', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('problem_id', 'desc')
    .limit(10)
    .execute();
  return rows.map((row) => ({
    id: row.problem_id,
    problemId: row.display_id,
    title: row.title,
    type: row.type === 'OI' ? 1 : 0,
    gmtCreate: row.created_at.toISOString(),
    gmtModified: row.modified_at.toISOString(),
  }));
}

/** The blob behind a public image name, or null when no carousel image or avatar has that name. */
export async function findPublicImage(db: Kysely<Database>, fileName: string) {
  const carousel = await db
    .selectFrom('carousel_images')
    .select(['sha256', 'content_type'])
    .where('file_name', '=', fileName)
    .executeTakeFirst();
  if (carousel) return carousel;
  const avatar = await db
    .selectFrom('avatar_images')
    .select(['sha256', 'content_type'])
    .where('file_name', '=', fileName)
    .executeTakeFirst();
  return avatar ?? null;
}
