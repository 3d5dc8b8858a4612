import { sql, type ColumnType, type Kysely } from 'kysely';

type Instant = ColumnType<Date, string, string>;
/** jsonb: written as JSON text, read back parsed (the reader validates with the event schemas). */
type Json = ColumnType<unknown, string, string>;
type NullableJson = ColumnType<unknown, string | null, string | null>;

/**
 * The problem bank (projection `problems`): one row per problem of the own bank. `definition` is the
 * ProblemDefinition as last saved (events/src/catalogue/problem.ts), `judge_settings` the JudgeSettings
 * snapshot a submission copies (events/src/catalogue/submission.ts), null while the problem has no test case.
 * Ids come from the `problem_ids` sequence, so several command processes allocate them without clashing.
 */
export interface ProblemsTable {
  problem_id: number;
  display_id: string;
  /** Upper-cased display id: lookups are case-insensitive, as with HOJ's MySQL collation. */
  display_id_key: string;
  title: string;
  author: string;
  /** 'ACM' | 'OI'. */
  type: string;
  /** 1 public, 2 private, 3 contest. */
  auth: number;
  difficulty: number;
  definition: Json;
  judge_settings: NullableJson;
  created_at: Instant;
  modified_at: Instant;
  modified_user: string | null;
}

/** Which tags a problem carries (projection `problems`; a deleted tag drops its links). */
export interface ProblemTagsTable {
  problem_id: number;
  tag_id: number;
}

/** The tag catalogue (projection `tags`). */
export interface TagsTable {
  tag_id: number;
  name: string;
  color: string | null;
  oj: string;
  classification_id: number | null;
  created_at: Instant;
  modified_at: Instant;
}

export interface TagClassificationsTable {
  classification_id: number;
  name: string;
  oj: string;
  rank: number;
  created_at: Instant;
  modified_at: Instant;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  // HOJ's problem ids start at 1000 (hoj.sql auto-increment).
  await sql`CREATE SEQUENCE IF NOT EXISTS problem_ids START WITH 1000`.execute(db);
  await db.schema
    .createTable('problems')
    .ifNotExists()
    .addColumn('problem_id', 'integer', (column) => column.primaryKey())
    .addColumn('display_id', 'text', (column) => column.notNull())
    .addColumn('display_id_key', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('author', 'text', (column) => column.notNull())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('auth', 'integer', (column) => column.notNull())
    .addColumn('difficulty', 'integer', (column) => column.notNull())
    .addColumn('definition', 'jsonb', (column) => column.notNull())
    .addColumn('judge_settings', 'jsonb')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('modified_at', 'timestamptz', (column) => column.notNull())
    .addColumn('modified_user', 'text')
    .execute();
  await db.schema
    .createIndex('problems_display_id_key')
    .ifNotExists()
    .on('problems')
    .column('display_id_key')
    .execute();
  await db.schema
    .createTable('problem_tags')
    .ifNotExists()
    .addColumn('problem_id', 'integer', (column) => column.notNull())
    .addColumn('tag_id', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('problem_tags_pkey', ['problem_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('problem_tags_tag_id').ifNotExists().on('problem_tags').column('tag_id').execute();
  await db.schema
    .createTable('tags')
    .ifNotExists()
    .addColumn('tag_id', 'integer', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('color', 'text')
    .addColumn('oj', 'text', (column) => column.notNull())
    .addColumn('classification_id', 'integer')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('modified_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('tag_classifications')
    .ifNotExists()
    .addColumn('classification_id', 'integer', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('oj', 'text', (column) => column.notNull())
    .addColumn('rank', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('modified_at', 'timestamptz', (column) => column.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tag_classifications').ifExists().execute();
  await db.schema.dropTable('tags').ifExists().execute();
  await db.schema.dropTable('problem_tags').ifExists().execute();
  await db.schema.dropTable('problems').ifExists().execute();
  await sql`DROP SEQUENCE IF EXISTS problem_ids`.execute(db);
}
