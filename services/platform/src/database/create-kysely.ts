import {
  Kysely,
  PostgresDialect,
  type KyselyConfig,
  type PostgresCursor,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';
import type pg from 'pg';
import type { Database } from '@oj/read-models';

/**
 * A kysely instance over an existing pool; closing the pool stays the pool owner's job. `log` sees every
 * statement sent (tests count round trips with it).
 */
export function createKysely<Schema = Database>(
  pool: pg.Pool,
  options: { readonly log?: KyselyConfig['log'] } = {},
): Kysely<Schema> {
  // One view per pooled client: kysely keeps its connection object per client object it is given.
  const views = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return new Kysely<Schema>({
    dialect: new PostgresDialect({
      // kysely's destroy() would end the pool it was given; the owner of the pool ends it instead.
      pool: {
        connect: async () => {
          const client = await pool.connect();
          const known = views.get(client);
          if (known) return known;
          const view = lastStatementRows(client);
          views.set(client, view);
          return view;
        },
        end: async () => undefined,
      },
    }),
    ...(options.log ? { log: options.log } : {}),
  });
}

/**
 * The client as kysely sees it, except that a query of several statements (sent with the simple query protocol,
 * its values inlined) answers with its LAST statement's result. node-postgres answers such a query with an array
 * of results, which kysely's driver reads as no rows at all; the projector sends its read after BEGIN and the
 * lock in one round trip and needs that read's rows.
 */
function lastStatementRows(client: pg.PoolClient): PostgresPoolClient {
  function query<Row>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<Row>>;
  function query<Row>(cursor: PostgresCursor<Row>): PostgresCursor<Row>;
  function query<Row>(
    text: string | PostgresCursor<Row>,
    parameters?: readonly unknown[],
  ): Promise<PostgresQueryResult<Row>> | PostgresCursor<Row> {
    if (typeof text !== 'string') return client.query(text as never) as PostgresCursor<Row>;
    return client.query(text, parameters as unknown[]).then((answer: unknown) => {
      const results = (Array.isArray(answer) ? answer : [answer]) as PostgresQueryResult<Row>[];
      return results.at(-1) ?? { command: 'SELECT', rowCount: 0, rows: [] };
    });
  }
  return { query, release: () => client.release() };
}
