import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';

type Db = Kysely<Database>;

/** A page of a contest's announcements, newest first; drafts too unless `visibleOnly`. */
export async function contestAnnouncements(
  db: Db,
  contestId: number,
  options: { visibleOnly: boolean; page: number; limit: number },
) {
  let query = db.selectFrom('contest_announcements').where('contest_id', '=', contestId);
  if (options.visibleOnly) query = query.where('visible', '=', true);
  const total = await query.select(db.fn.countAll<string>().as('count')).executeTakeFirst();
  const rows = await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('announcement_id', 'desc')
    .limit(options.limit)
    .offset((options.page - 1) * options.limit)
    .execute();
  return { total: Number(total?.count ?? 0), rows };
}

/**
 * The published announcements not in `readIds`. HOJ includes hidden drafts and checks no access (§1.1 [quirk 5]);
 * not copied (F11): the client's poll needs only the ids of published unread ones, and the route checks access.
 */
export async function unreadAnnouncements(db: Db, contestId: number, readIds: readonly number[]) {
  let query = db
    .selectFrom('contest_announcements')
    .selectAll()
    .where('contest_id', '=', contestId)
    .where('visible', '=', true);
  if (readIds.length > 0) query = query.where('announcement_id', 'not in', readIds);
  return query.orderBy('created_at', 'desc').execute();
}
