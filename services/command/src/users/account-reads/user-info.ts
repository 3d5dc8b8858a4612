import type { Kysely } from 'kysely';
import { RoleName } from '@oj/events';
import type { Database } from '@oj/read-models';
import type { UserInfo } from '@oj/contracts';

/** The UserInfoVO of a user from the users read model (call after the projections have passed the write). */
export async function readUserInfo(db: Kysely<Database>, userId: string): Promise<UserInfo | null> {
  const row = await db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  const role = RoleName.safeParse(row.role);
  return {
    uid: row.user_id,
    username: row.username,
    nickname: row.nickname,
    avatar: row.avatar,
    titleName: row.title_name,
    titleColor: row.title_color,
    email: row.email,
    number: row.number,
    gender: row.gender,
    school: row.school,
    course: null,
    signature: row.signature,
    realname: row.realname,
    github: row.github,
    blog: row.blog,
    cfUsername: row.cf_username,
    roleList: role.success ? [role.data] : [],
  };
}
