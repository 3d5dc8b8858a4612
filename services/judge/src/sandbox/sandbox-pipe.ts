import { PassThrough } from 'node:stream';

/**
 * A one-way byte channel between two sandboxed runs: one run names it as stdout, the other as stdin.
 * The judge process relays the bytes (like HOJ's sandbox proxy); the writer's outputBytes limit caps
 * what flows. Create a fresh pipe per pair of runs.
 */
export interface SandboxPipe {
  readonly stream: PassThrough;
}

export function createSandboxPipe(): SandboxPipe {
  return { stream: new PassThrough() };
}
