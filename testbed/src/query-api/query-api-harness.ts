import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import {
  argon2idHasher,
  createTokenService,
  credentialsFromStore,
  installNotFoundEnvelope,
  systemClock,
  type Clock,
  type TokenService,
} from '@oj/platform';
import { projections } from '@oj/projector';
import { createProjectionTestbed, type ProjectionTestbed, type TestEvent } from '@oj/projector/testing';
import { queryApi, type QueryApiOptions } from '@oj/query';

// The tests beside it write their events through this harness.
export type { TestEvent };

/** A request to the harness: `as` names the user id to send a signed-in token for; without it the call is anonymous. */
export type QueryApiRequest = InjectOptions & { readonly as?: string | null };

/** The query API under /api, as main.ts mounts it, over a fresh database. Test-only. */
export interface QueryApiHarness {
  inject(request: QueryApiRequest): Promise<LightMyRequestResponse>;
  /** Starts over from `history`: the event store and every projection emptied, then `history` projected. */
  replaceHistory(history: readonly TestEvent[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the query API over a fresh database holding `history`, with every projection run to its head.
 * `clock` is the API's and the tokens' clock, so a test that moves it moves both.
 */
export async function startQueryApi(
  databaseServerUrl: string,
  options: { readonly history: readonly TestEvent[]; readonly clock?: Clock },
): Promise<QueryApiHarness> {
  const clock = options.clock ?? systemClock;
  const testbed = await createProjectionTestbed(databaseServerUrl);
  let app: FastifyInstance | undefined;
  try {
    await testbed.append(options.history);
    for (const projection of projections) await testbed.runToHead(projection);
    const tokens = createTokenService({ secret: 'query-api-harness-secret-of-32-chars!', clock });
    app = await queryApiOver(testbed, {
      tokens,
      clock,
      // CCS basic auth reads the history's password hashes; argon2id at a small cost (verify reads it from the hash).
      passwordSignIn: {
        findCredentials: credentialsFromStore(testbed.store),
        passwords: argon2idHasher({ memoryCost: 1024, timeCost: 1 }),
      },
    });
    const api = app;
    return {
      inject: async ({ as, ...request }) => api.inject(await signedIn(request, as, tokens)),
      async replaceHistory(history) {
        for (const projection of projections) await testbed.reset(projection);
        await testbed.append(history);
        for (const projection of projections) await testbed.runToHead(projection);
      },
      close: () => closeAll(api, testbed),
    };
  } catch (error) {
    await closeAll(app, testbed);
    throw error;
  }
}

/** Generation 0: the history's users have never logged out, so their first session generation is current. */
async function signedIn(request: InjectOptions, userId: string | null | undefined, tokens: TokenService) {
  if (!userId) return request;
  return { ...request, headers: { ...request.headers, authorization: await tokens.issue(userId, 0) } };
}

async function closeAll(app: FastifyInstance | undefined, testbed: ProjectionTestbed) {
  await app?.close();
  await testbed.close();
}

/**
 * The query API under /api as main.ts mounts it (HOJ's 404 envelope included), on a projection testbed's
 * database, ready for inject. For a test that drives the projections itself (board-history.routes.int.test.ts).
 */
export async function queryApiOver(
  testbed: ProjectionTestbed,
  options: Pick<QueryApiOptions, 'tokens' | 'clock' | 'passwordSignIn'>,
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  try {
    installNotFoundEnvelope(app);
    await app.register(queryApi, {
      prefix: '/api',
      db: testbed.db,
      defaultBaseUrl: 'http://oj.test',
      mailFrom: null,
      ...options,
    });
    await app.ready();
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}
