import { z } from 'zod';

/**
 * JUDGE_SANDBOX_POOLED=true swaps the bubblewrap backend for the pooled one (one long-lived bwrap per
 * slot with a supervisor inside). Off by default until it has passed the gate described in
 * docs/judging.md; JUDGE_SANDBOX=bubblewrap-pooled is not accepted by the judge config's enum.
 */
const schema = z.object({ JUDGE_SANDBOX_POOLED: z.enum(['true', 'false']).default('false') });

export function pooledSandboxRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return schema.parse(env).JUDGE_SANDBOX_POOLED === 'true';
}
