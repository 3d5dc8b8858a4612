import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { isEmailAddress } from '@oj/contracts';

/** Case-insensitive, as HOJ's MySQL collation makes it. */
export async function usernameExists(db: Kysely<Database>, username: string): Promise<boolean> {
  const key = username.trim().toLowerCase();
  if (!key) return false;
  const row = await db.selectFrom('users').select('user_id').where('username_key', '=', key).executeTakeFirst();
  return row !== undefined;
}

export async function emailExists(db: Kysely<Database>, email: string): Promise<boolean> {
  const trimmed = email.trim();
  if (!isEmailAddress(trimmed)) return false;
  const row = await db
    .selectFrom('users')
    .select('user_id')
    .where('email_key', '=', trimmed.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}
