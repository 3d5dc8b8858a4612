import { migrateDatabase } from './migrate-database';

// `npm run db:migrate`: brings the read-model schema in DATABASE_URL to the newest migration.
const url = process.env.DATABASE_URL;
if (!url) {
  // The embedded database's service role keeps its password in DATA_DIR/secrets/postgres-service-password.
  console.error('db:migrate: set DATABASE_URL (e.g. postgres://oj_service:<password>@127.0.0.1:5432/oj)');
  process.exit(2);
}
try {
  const applied = await migrateDatabase(url);
  console.log(
    applied.length === 0 ? 'db:migrate: already at the newest migration' : `db:migrate: applied ${applied.join(', ')}`,
  );
} catch (error) {
  console.error('db:migrate failed:', error);
  process.exit(1);
}
