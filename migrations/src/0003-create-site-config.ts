import type { Kysely } from 'kysely';

/**
 * The site-config read model (projection `site-config`): one row, id 'site'. Null columns mean "never set":
 * the query side fills HOJ's defaults, so the defaults live in one place and a rebuild needs no seed row.
 */
export interface SiteConfigTable {
  id: string;
  base_url: string | null;
  name: string | null;
  short_name: string | null;
  description: string | null;
  register: boolean | null;
  record_name: string | null;
  record_url: string | null;
  project_name: string | null;
  project_url: string | null;
  /** The feature switches of admin §9.1 as one JSON object; null until an admin saves them. */
  switches: unknown;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_config')
    .ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('base_url', 'text')
    .addColumn('name', 'text')
    .addColumn('short_name', 'text')
    .addColumn('description', 'text')
    .addColumn('register', 'boolean')
    .addColumn('record_name', 'text')
    .addColumn('record_url', 'text')
    .addColumn('project_name', 'text')
    .addColumn('project_url', 'text')
    .addColumn('switches', 'jsonb')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_config').ifExists().execute();
}
