import { afterAll, beforeAll, expect } from 'vitest';
import { loadJudgeConfig } from '../../../config';
import { createWorkDir, removeWorkDir } from '../../../languages/work-dir';
import { createSandbox, presentBackends } from '../../create-sandbox';
import type { Sandbox, SandboxRunRequest } from '../../sandbox';

export const judgeConfig = loadJudgeConfig();
export const pooledBackendIsPresent = (await presentBackends(judgeConfig.hostPath)).includes('bubblewrap-pooled');

/** Roomy enough for a shell and coreutils; tests tighten what they exercise. */
export const shellLimits = {
  cpuTimeMs: 1000,
  wallTimeMs: 3000,
  memoryKib: 64 * 1024,
  stackKib: 8192,
  processes: 8,
  outputBytes: 4 * 1024 * 1024,
  fileSizeBytes: 1024,
};

export const capturedText = (bytes: Uint8Array | undefined): string =>
  Buffer.from(bytes ?? new Uint8Array()).toString();

export interface PooledSandboxFixture {
  readonly sandbox: Sandbox;
  readonly workDir: string;
  /** `sh -c script` in a fresh writable box of the work dir, stdout and stderr captured. */
  shell(script: string, more?: Partial<SandboxRunRequest>): SandboxRunRequest;
}

/**
 * A one-slot pooled sandbox and a work dir for the enclosing describe: made before its tests, closed after
 * them with the check that no process of any run is left.
 */
export function usePooledSandbox(): PooledSandboxFixture {
  let sandbox: Sandbox | undefined;
  let workDir: string | undefined;
  beforeAll(async () => {
    sandbox = await createSandbox({ ...judgeConfig, sandboxBackend: 'bubblewrap-pooled', sandboxSlots: 1 });
    workDir = await createWorkDir(judgeConfig.workRoot);
  });
  afterAll(async () => {
    await sandbox?.close();
    expect(await sandbox?.leftoverProcesses()).toEqual([]);
    if (workDir) await removeWorkDir(workDir);
  });
  const fixture: PooledSandboxFixture = {
    get sandbox() {
      if (!sandbox) throw new Error('the pooled sandbox starts in beforeAll');
      return sandbox;
    },
    get workDir() {
      if (!workDir) throw new Error('the work dir is made in beforeAll');
      return workDir;
    },
    shell: (script, more = {}) => ({
      argv: ['/usr/bin/sh', '-c', script],
      boxDir: fixture.workDir,
      freshBoxIn: fixture.workDir,
      writableBox: true,
      limits: shellLimits,
      stdin: { kind: 'ignore' },
      stdout: { kind: 'capture' },
      stderr: { kind: 'capture' },
      ...more,
    }),
  };
  return fixture;
}
