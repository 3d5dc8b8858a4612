import { sql, type Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { cutText } from '@oj/platform';
import type { AcmRankRow, OiRankRow } from '@oj/contracts';
import { containsPattern } from '../search/contains-pattern';

export type RankType = 'acm' | 'oi';

export interface RankPageRequest {
  readonly type: RankType;
  readonly limit: number;
  readonly offset: number;
  /** Substring of the username, nickname or realname (case-insensitive). */
  readonly search?: string | undefined;
}

/**
 * Every user with status 0, admins and users without submissions included (contest doc §2.20), with the
 * figures of the user-ranks projection. Ties after HOJ's keys go to the older account, then the uid, so a
 * page boundary never shuffles (HOJ leaves them in database order).
 */
export async function readRankPage(
  db: Kysely<Database>,
  request: RankPageRequest,
): Promise<{ records: (AcmRankRow | OiRankRow)[]; total: number }> {
  let base = db
    .selectFrom('users')
    .leftJoin('user_ranks', 'user_ranks.user_id', 'users.user_id')
    .where('users.status', '=', 0);
  if (request.search) {
    const pattern = containsPattern(request.search.toLowerCase());
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(users.username)`, 'like', pattern),
        eb(sql`lower(coalesce(users.nickname, ''))`, 'like', pattern),
        eb(sql`lower(coalesce(users.realname, ''))`, 'like', pattern),
      ]),
    );
  }
  const counted = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
  const ac = sql<number>`coalesce(user_ranks.ac, 0)`;
  const acmTotal = sql<number>`coalesce(user_ranks.acm_total, 0)`;
  const oiTotal = sql<number>`coalesce(user_ranks.oi_total, 0)`;
  const score = sql<number>`coalesce(user_ranks.score, 0)`;
  let ordered = base.select([
    'users.user_id',
    'users.username',
    'users.nickname',
    'users.signature',
    'users.avatar',
    'users.title_name',
    'users.title_color',
    ac.as('ac'),
    acmTotal.as('acm_total'),
    oiTotal.as('oi_total'),
    score.as('score'),
  ]);
  ordered =
    request.type === 'acm'
      ? ordered.orderBy(ac, 'desc').orderBy(acmTotal, 'asc')
      : ordered.orderBy(score, 'desc').orderBy(ac, 'desc');
  const rows = await ordered
    .orderBy('users.registered_at', 'asc')
    .orderBy('users.user_id', 'asc')
    .limit(request.limit)
    .offset(request.offset)
    .execute();
  const records = rows.map((row) => {
    const common = {
      uid: row.user_id,
      username: row.username,
      nickname: row.nickname,
      signature: row.signature === null ? null : cutText(row.signature, 100),
      avatar: row.avatar,
      titleName: row.title_name,
      titleColor: row.title_color,
      ac: Number(row.ac),
    };
    return request.type === 'acm'
      ? { ...common, total: Number(row.acm_total), rating: null }
      : { ...common, score: Number(row.score), total: Number(row.oi_total) };
  });
  return { records, total: Number(counted?.n ?? 0) };
}
