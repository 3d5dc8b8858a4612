import { z } from 'zod';

/**
 * The developer page's system info (GET /api/get-system-info, our call; HOJ's two admin service-info calls
 * answer the same object). Queue figures are null when NATS is not configured or not reachable.
 */
export const systemInfoSchema = z.object({
  versions: z.object({ node: z.string(), postgres: z.string(), nats: z.string().nullable() }),
  judge: z.object({
    /** Tasks waiting in the JetStream work queue, not yet handed to a worker. */
    queueDepth: z.number().int().nullable(),
    /** Tasks a worker holds and has not acked yet (being judged). */
    judging: z.number().int().nullable(),
    /** Pull requests of idle worker slots waiting for work: online capacity not in use. */
    idleSlots: z.number().int().nullable(),
    /** Workers that judged something in the last 10 minutes (by judger name). */
    activeJudgers: z.array(z.string()),
  }),
});
export type SystemInfo = z.infer<typeof systemInfoSchema>;

/** A running process as HOJ's Spring ServiceInstance shows it (host and port; ours have no registry port). */
const serviceInstanceSchema = z.object({
  serviceId: z.string(),
  instanceId: z.string(),
  host: z.string(),
  port: z.number().int().nullable(),
  secure: z.boolean(),
  metadata: z.record(z.string(), z.string()),
});

/**
 * ANY /api/admin/config/get-service-info (admin §5.2) in HOJ's shape, so its dashboard renders. There is no Nacos
 * here: `nacos` describes NATS, the registry our processes meet on, in the fields of Nacos' metrics (status "UP"
 * when it answers); the `backup*` figures are this API process's machine and the process itself.
 */
export const serviceInfoSchema = z.object({
  nacos: z.object({
    status: z.enum(['UP', 'DOWN']),
    /** The API and the judges. */
    serviceCount: z.number().int(),
    /** This API process and every live judge. */
    instanceCount: z.number().int(),
    load: z.number(),
    cpu: z.number(),
    mem: z.number(),
  }),
  backupCores: z.number().int(),
  backupService: z.array(serviceInstanceSchema),
  /** "xx.xx%". */
  backupPercentCpuLoad: z.string(),
  backupPercentMemoryLoad: z.string(),
});
export type ServiceInfo = z.infer<typeof serviceInfoSchema>;

/**
 * ANY /api/admin/config/get-judge-service-info (admin §5.2): one entry per live judge, as HOJ's judge-server
 * answers `/get-sys-config` plus `service`, built from the judge's last report (platform judge-report.ts).
 */
export const judgeServiceInfoSchema = z.array(
  z.object({
    judgeServerName: z.string(),
    version: z.string(),
    currentTime: z.string(),
    cpu: z.number().int(),
    cpuCores: z.number().int(),
    percentCpuLoad: z.string(),
    percentMemoryLoad: z.string(),
    maxTaskNum: z.number().int(),
    /** The languages this judge verified (ours: HOJ lists its fixed set). */
    languages: z.array(z.string()),
    verifying: z.array(z.string()),
    unavailable: z.array(z.object({ name: z.string(), reason: z.string() })),
    service: serviceInstanceSchema,
  }),
);
export type JudgeServiceInfo = z.infer<typeof judgeServiceInfoSchema>;
