import type { ColumnType, Kysely } from 'kysely';

/**
 * Short-lived secrets HOJ keeps in Redis (mail codes, captcha answers, login failure counters, resend locks).
 * They are not business facts, so they stay out of the event store; no projection owns this table.
 */
export interface EphemeralSecretsTable {
  key: string;
  value: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's Database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ephemeral_secrets')
    .ifNotExists()
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('ephemeral_secrets_expires_at')
    .ifNotExists()
    .on('ephemeral_secrets')
    .column('expires_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ephemeral_secrets').ifExists().execute();
}
