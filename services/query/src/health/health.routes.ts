import { connect } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { boundedCheck, envelope, hojReply, natsConnectionOptions, success } from '@oj/platform';
import { livenessReply, readinessReply, type DependencyCheck } from '@oj/contracts';
import type { Database } from '@oj/read-models';

export interface HealthContext {
  readonly db: Kysely<Database>;
  /** Without it (no judging configured) readiness does not look at NATS. */
  readonly natsUrl?: string | undefined;
}

type Check = DependencyCheck;

/** A probe must answer a load balancer quickly even when the dependency hangs rather than refuses. */
const probeTimeoutMs = 2000;

/**
 * Liveness and readiness for supervisors and load balancers (issue 14). `/health` is the process answering at
 * all, and touches nothing; `/ready` is whether it can serve: PostgreSQL answers a query and NATS accepts a
 * connection. Not ready is HTTP 503 with the same envelope, naming each dependency's state in `data`.
 */
export function healthRoutes(app: FastifyInstance, context: HealthContext): void {
  app.get('/health', { config: { access: 'anon' }, ...hojReply(livenessReply) }, async () => success({ status: 'up' }));

  // Ready or not, the same envelope: both are checked.
  const readiness = envelope(readinessReply);
  app.get(
    '/ready',
    { config: { access: 'anon' }, schema: { response: { 200: readiness, 503: readiness } } },
    async (_request, reply) => {
      const [database, nats] = await Promise.all([checkDatabase(context.db), checkNats(context.natsUrl)]);
      const ready = database === 'up' && nats !== 'down';
      if (ready) return success({ status: 'ready', database, nats });
      return reply.code(503).send({ status: 503, msg: 'not ready', data: { status: 'not ready', database, nats } });
    },
  );
}

function checkDatabase(db: Kysely<Database>): Promise<Check> {
  return boundedCheck(async () => {
    await sql`select 1`.execute(db);
    return 'up';
  }, probeTimeoutMs);
}

async function checkNats(natsUrl: string | undefined): Promise<Check> {
  if (!natsUrl) return 'not configured';
  try {
    const connection = await connect({ ...natsConnectionOptions(natsUrl), timeout: probeTimeoutMs, reconnect: false });
    await connection.close();
    return 'up';
  } catch {
    return 'down';
  }
}
