import type { Kysely } from 'kysely';
import { RoleName } from '@oj/events';
import type { Database } from '@oj/read-models';

/** Who is calling, as the users read model knows them. */
export interface Principal {
  readonly userId: string;
  readonly username: string;
  readonly role: RoleName;
  readonly isBanned: boolean;
  readonly sessionGeneration: number;
}

export type PrincipalLoader = (userId: string) => Promise<Principal | null>;

/** Reads the caller from the users read model (every request re-authenticates, as HOJ's stateless Shiro does). */
export function principalLoader(db: Kysely<Database>): PrincipalLoader {
  return async (userId) => {
    const row = await db
      .selectFrom('users')
      .select(['user_id', 'username', 'role', 'status', 'session_generation'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    const role = RoleName.safeParse(row.role);
    return {
      userId: row.user_id,
      username: row.username,
      role: role.success ? role.data : 'default_user',
      isBanned: row.status !== 0,
      sessionGeneration: row.session_generation,
    };
  };
}
