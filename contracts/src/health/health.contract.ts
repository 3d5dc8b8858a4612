import { z } from 'zod';

/** GET /api/health (issue 14): the process answers at all. */
export const livenessReply = z.object({ status: z.literal('up') });
export type Liveness = z.infer<typeof livenessReply>;

/** One dependency as the readiness probe found it; NATS is 'not configured' where nothing is judged. */
export const dependencyCheck = z.enum(['up', 'down', 'not configured']);
export type DependencyCheck = z.infer<typeof dependencyCheck>;

/** GET /api/ready (issue 14): the same `data` with HTTP 503 and `status: "not ready"` when it cannot serve. */
export const readinessReply = z.object({
  status: z.enum(['ready', 'not ready']),
  database: dependencyCheck,
  nats: dependencyCheck,
});

/**
 * GET /ready of a worker process (the projector, a judge) on its HEALTH_PORT (issue 14): each of its own checks by
 * name, HTTP 503 and `status: "not ready"` when one is down. Its GET /health answers `livenessReply`.
 */
export const workerReadinessReply = z.object({
  status: z.enum(['ready', 'not ready']),
  process: z.string(),
  checks: z.record(z.string(), dependencyCheck),
});
export type WorkerReadiness = z.infer<typeof workerReadinessReply>;
