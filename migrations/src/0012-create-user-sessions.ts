import { sql, type ColumnType, type Kysely } from 'kysely';

/**
 * The newest logins of each user (projection `user-sessions`): HOJ's `session` rows (admin §5.1 get-sessions,
 * api-core §1), only the two newest per user, which is all the back office's "previous login" needs.
 */
export interface UserSessionsTable {
  /** The id of the UserLoggedIn event: a duplicate delivery finds its row. */
  login_event_id: string;
  user_id: string;
  ip: string;
  user_agent: string;
  logged_in_at: ColumnType<Date, string, string>;
  /** The event's store position: the order of logins, even when two share an instant. */
  login_position: ColumnType<string, bigint | string, bigint | string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS user_sessions (
    login_event_id text PRIMARY KEY, user_id text NOT NULL, ip text NOT NULL, user_agent text NOT NULL,
    logged_in_at timestamptz NOT NULL, login_position bigint NOT NULL)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS user_sessions_newest ON user_sessions (user_id, login_position DESC)`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_sessions').ifExists().execute();
}
