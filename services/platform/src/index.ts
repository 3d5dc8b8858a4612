export { createPool, type PoolOptions } from './database/create-pool';
export { createKysely } from './database/create-kysely';
export { migrateDatabase } from './database/migrate-database';
