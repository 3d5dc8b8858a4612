import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { success, type Clock } from '@oj/platform';
import type { SystemInfo } from './system-info.contract';
import { defaultJudgeQueueNames, probeJudgeQueue } from './judge-queue-probe';

export interface SystemInfoContext {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  /** Without it the queue figures are null. */
  readonly natsUrl?: string | undefined;
}

const activeWindowMs = 10 * 60 * 1000;

async function readSystemInfo(context: SystemInfoContext): Promise<SystemInfo> {
  const since = new Date(context.clock.now().getTime() - activeWindowMs);
  const [postgres, judgers, queue] = await Promise.all([
    sql<{ server_version: string }>`SHOW server_version`.execute(context.db),
    context.db
      .selectFrom('submissions')
      .select('judger')
      .distinct()
      .where('updated_at', '>=', since)
      .where('is_manual', '=', false)
      .where('judger', '<>', '')
      .orderBy('judger')
      .execute(),
    context.natsUrl ? probeJudgeQueue({ natsUrl: context.natsUrl, ...defaultJudgeQueueNames }) : null,
  ]);
  return {
    versions: {
      node: process.versions.node,
      postgres: postgres.rows[0]?.server_version ?? 'unknown',
      nats: queue?.natsVersion ?? null,
    },
    judge: {
      queueDepth: queue?.queueDepth ?? null,
      judging: queue?.judging ?? null,
      idleSlots: queue?.idleSlots ?? null,
      activeJudgers: judgers.map((row) => row.judger),
    },
  };
}

const staff = { access: 'login' as const, roles: ['root' as const, 'admin' as const, 'problem_admin' as const] };

export function systemInfoRoutes(app: FastifyInstance, context: SystemInfoContext): void {
  // The /developer page is public; nothing here is secret (no hosts, no credentials).
  app.get('/get-system-info', { config: { access: 'anon' } }, async () => success(await readSystemInfo(context)));
  // HOJ's admin calls (admin §5.2) report Nacos and judge-server instances; ours report the same object.
  for (const url of ['/admin/config/get-service-info', '/admin/config/get-judge-service-info']) {
    app.route({
      method: ['GET', 'POST'],
      url,
      config: staff,
      handler: async () => success(await readSystemInfo(context)),
    });
  }
}
