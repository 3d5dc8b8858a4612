import pg from 'pg';
import { randomUUID } from 'node:crypto';

export interface TestDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database on the test server, so test files never see each other's rows. */
export async function createTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
