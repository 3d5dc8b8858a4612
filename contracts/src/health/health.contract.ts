import { z } from 'zod';

/** GET /api/health (issue 14): the process answers at all. */
export const livenessReply = z.object({ status: z.literal('up') });

/** One dependency as the readiness probe found it; NATS is 'not configured' where nothing is judged. */
export const dependencyCheck = z.enum(['up', 'down', 'not configured']);
export type DependencyCheck = z.infer<typeof dependencyCheck>;

/** GET /api/ready (issue 14): the same `data` with HTTP 503 and `status: "not ready"` when it cannot serve. */
export const readinessReply = z.object({
  status: z.enum(['ready', 'not ready']),
  database: dependencyCheck,
  nats: dependencyCheck,
});
