import { sql, type ColumnType, type Kysely } from 'kysely';

type Instant = ColumnType<Date, string, string>;
/** Global positions arrive as bigint and leave Postgres as decimal strings (pg's int8 default). */
type Position = ColumnType<string, bigint | string, bigint | string>;

/** Site announcements (projection `announcements`); HOJ's status 0/1 is `is_visible` true/false. */
export interface AnnouncementsTable {
  announcement_id: number;
  title: string;
  content: string;
  author_id: string;
  is_visible: boolean;
  created_at: Instant;
  modified_at: Instant;
}

/** Home carousel images (projection `public-images`), served by file name from the blob store. */
export interface CarouselImagesTable {
  image_id: number;
  file_name: string;
  sha256: string;
  content_type: string;
  added_at: Instant;
}

/** Every avatar a user uploaded (projection `public-images`); old ones stay servable, as HOJ's until 03:00. */
export interface AvatarImagesTable {
  user_id: string;
  file_name: string;
  sha256: string;
  content_type: string;
  changed_at: Instant;
}

/**
 * What each submission adds to its user's global rank (projection `user-ranks`): the current attempt's status
 * and oiRankScore. `is_public` = outside contests and groups (HOJ's cid 0, gid null).
 */
export interface RankSubmissionsTable {
  submission_id: number;
  user_id: string;
  problem_id: number;
  is_public: boolean;
  attempt: number;
  status: string;
  oi_rank_score: number | null;
  last_position: Position;
}

/** One row per user with a submission: the global rank figures (contest doc §2.20). */
export interface UserRanksTable {
  user_id: string;
  /** Distinct problems with an AC public submission. */
  ac: number;
  /** Public submissions, every status (the ACM rank's total). */
  acm_total: number;
  /** Every submission, contest and group ones too (the OI rank's total, HOJ quirk). */
  oi_total: number;
  /** Σ over problems of the best oiRankScore among public submissions. */
  score: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('announcements')
    .ifNotExists()
    .addColumn('announcement_id', 'integer', (column) => column.primaryKey())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('author_id', 'text', (column) => column.notNull())
    .addColumn('is_visible', 'boolean', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('modified_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('carousel_images')
    .ifNotExists()
    .addColumn('image_id', 'integer', (column) => column.primaryKey())
    .addColumn('file_name', 'text', (column) => column.notNull())
    .addColumn('sha256', 'text', (column) => column.notNull())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('added_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await sql`CREATE INDEX IF NOT EXISTS carousel_images_file_name ON carousel_images (file_name)`.execute(db);
  await db.schema
    .createTable('avatar_images')
    .ifNotExists()
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('file_name', 'text', (column) => column.notNull())
    .addColumn('sha256', 'text', (column) => column.notNull())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('changed_at', 'timestamptz', (column) => column.notNull())
    .addPrimaryKeyConstraint('avatar_images_pkey', ['user_id', 'file_name'])
    .execute();
  await sql`CREATE INDEX IF NOT EXISTS avatar_images_file_name ON avatar_images (file_name)`.execute(db);
  await createRankTables(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
async function createRankTables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rank_submissions')
    .ifNotExists()
    .addColumn('submission_id', 'integer', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('problem_id', 'integer', (column) => column.notNull())
    .addColumn('is_public', 'boolean', (column) => column.notNull())
    .addColumn('attempt', 'integer', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('oi_rank_score', 'integer')
    .addColumn('last_position', 'bigint', (column) => column.notNull())
    .execute();
  await sql`CREATE INDEX IF NOT EXISTS rank_submissions_user ON rank_submissions (user_id)`.execute(db);
  await db.schema
    .createTable('user_ranks')
    .ifNotExists()
    .addColumn('user_id', 'text', (column) => column.primaryKey())
    .addColumn('ac', 'integer', (column) => column.notNull())
    .addColumn('acm_total', 'integer', (column) => column.notNull())
    .addColumn('oi_total', 'integer', (column) => column.notNull())
    .addColumn('score', 'integer', (column) => column.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['user_ranks', 'rank_submissions', 'avatar_images', 'carousel_images', 'announcements']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
