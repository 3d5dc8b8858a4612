import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { hostname, loadavg } from 'node:os';
import { hojReply, machineLoad, success, type Clock, type JudgeDirectory } from '@oj/platform';
import {
  judgeServiceInfoSchema,
  serviceInfoSchema,
  systemInfoSchema,
  type JudgeServiceInfo,
  type ServiceInfo,
  type SystemInfo,
} from '@oj/contracts';
import { defaultJudgeQueueNames, probeJudgeQueue } from './judge-queue-probe';

export interface SystemInfoContext {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  /** Without it the queue figures are null. */
  readonly natsUrl?: string | undefined;
  /** The judges' reports; without it no judge is live to the dashboard. */
  readonly judges?: JudgeDirectory | undefined;
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
  app.get('/get-system-info', { config: { access: 'anon' }, ...hojReply(systemInfoSchema) }, async () =>
    success(await readSystemInfo(context)),
  );
  // HOJ's admin calls (admin §5.2), in HOJ's shapes so its dashboard renders (ANY method: GET and POST here).
  app.route({
    method: ['GET', 'POST'],
    url: '/admin/config/get-service-info',
    config: staff,
    ...hojReply(serviceInfoSchema),
    handler: async (request) => success(await readServiceInfo(context, request.port ?? null)),
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/admin/config/get-judge-service-info',
    config: staff,
    ...hojReply(judgeServiceInfoSchema),
    handler: async () => success(await readJudgeServiceInfo(context)),
  });
}

/** This API process as a service instance (HOJ lists its web backends from Nacos; here there is this one). */
async function readServiceInfo(context: SystemInfoContext, port: number | null): Promise<ServiceInfo> {
  const [queue, judges] = await Promise.all([
    context.natsUrl ? probeJudgeQueue({ natsUrl: context.natsUrl, ...defaultJudgeQueueNames }) : null,
    context.judges?.liveReports() ?? [],
  ]);
  const machine = machineLoad();
  const load = loadavg()[0] ?? 0;
  return {
    nacos: {
      status: queue ? 'UP' : 'DOWN',
      serviceCount: 2,
      instanceCount: 1 + judges.length,
      load,
      cpu: load / machine.cpuCores,
      mem: Number.parseFloat(machine.percentMemoryLoad) / 100,
    },
    backupCores: machine.cpuCores,
    backupService: [
      {
        serviceId: 'oj-api',
        instanceId: `${hostname()}-${process.pid}`,
        host: hostname(),
        port,
        secure: false,
        metadata: { node: process.versions.node },
      },
    ],
    backupPercentCpuLoad: machine.percentCpuLoad,
    backupPercentMemoryLoad: machine.percentMemoryLoad,
  };
}

/** One entry per live judge, from its last report: HOJ's judge-server `/get-sys-config` plus `service`. */
async function readJudgeServiceInfo(context: SystemInfoContext): Promise<JudgeServiceInfo> {
  const judges = (await context.judges?.liveReports()) ?? [];
  return judges.map((report) => ({
    judgeServerName: report.judgeServerName,
    version: report.version,
    currentTime: report.reportedAt,
    cpu: report.cpuCores,
    cpuCores: report.cpuCores,
    percentCpuLoad: report.percentCpuLoad,
    percentMemoryLoad: report.percentMemoryLoad,
    maxTaskNum: report.maxTaskNum,
    languages: report.languages,
    verifying: report.verifying,
    unavailable: report.unavailable,
    service: {
      serviceId: 'oj-judge',
      instanceId: report.judgeServerName,
      host: report.host,
      port: null,
      secure: false,
      metadata: { startedAt: report.startedAt },
    },
  }));
}
