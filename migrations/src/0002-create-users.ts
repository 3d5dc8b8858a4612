import type { ColumnType, Generated, Kysely } from 'kysely';

/**
 * The users read model (projection `users`): one row per account, no secrets (password hashes stay in events).
 * `session_generation` counts logouts and resets; a token whose generation differs is revoked.
 */
export interface UsersTable {
  user_id: string;
  username: string;
  /** Lower-cased username: lookups are case-insensitive, as under HOJ's MySQL collation. */
  username_key: string;
  email: string;
  email_key: string;
  role: string;
  nickname: string | null;
  realname: string | null;
  signature: string | null;
  blog: string | null;
  github: string | null;
  school: string | null;
  number: string | null;
  cf_username: string | null;
  gender: Generated<string>;
  avatar: string | null;
  title_name: string | null;
  title_color: string | null;
  /** 0 normal, 1 banned (HOJ's user_info.status). */
  status: Generated<number>;
  session_generation: Generated<number>;
  registered_at: ColumnType<Date, string, string>;
  last_login_at: ColumnType<Date | null, string | null, string | null>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .ifNotExists()
    .addColumn('user_id', 'text', (column) => column.primaryKey())
    .addColumn('username', 'text', (column) => column.notNull())
    .addColumn('username_key', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('email_key', 'text', (column) => column.notNull())
    .addColumn('role', 'text', (column) => column.notNull())
    .addColumn('nickname', 'text')
    .addColumn('realname', 'text')
    .addColumn('signature', 'text')
    .addColumn('blog', 'text')
    .addColumn('github', 'text')
    .addColumn('school', 'text')
    .addColumn('number', 'text')
    .addColumn('cf_username', 'text')
    .addColumn('gender', 'text', (column) => column.notNull().defaultTo('secrecy'))
    .addColumn('avatar', 'text')
    .addColumn('title_name', 'text')
    .addColumn('title_color', 'text')
    .addColumn('status', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('session_generation', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('registered_at', 'timestamptz', (column) => column.notNull())
    .addColumn('last_login_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('users_username_key').ifNotExists().on('users').column('username_key').execute();
  await db.schema.createIndex('users_email_key').ifNotExists().on('users').column('email_key').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('users').ifExists().execute();
}
