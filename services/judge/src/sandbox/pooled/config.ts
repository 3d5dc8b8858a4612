import { z } from 'zod';

/**
 * When JUDGE_SANDBOX=auto picks bubblewrap, JUDGE_SANDBOX_POOLED (default true since the pooled
 * backend passed the hostile suite, the language self-tests and the golden problems; see
 * docs/judging.md) makes it the pooled one: one long-lived bwrap per slot with a supervisor inside.
 * JUDGE_SANDBOX_POOLED=false goes back to a bwrap per run (with warm starts).
 */
const schema = z.object({ JUDGE_SANDBOX_POOLED: z.enum(['true', 'false']).default('true') });

export function pooledSandboxRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return schema.parse(env).JUDGE_SANDBOX_POOLED === 'true';
}
