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
