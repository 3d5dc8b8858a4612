import { describe, expect, it } from 'vitest';
import { decideRunOutcome, type RunFacts } from './run-outcome';

const limits = {
  cpuTimeMs: 1000,
  wallTimeMs: 3000,
  memoryKib: 262144,
  stackKib: 65536,
  processes: 16,
  outputBytes: 1024,
  fileSizeBytes: 1024,
};
const usage = { cpuTimeMs: 10, peakMemoryKib: 500, oomKills: 0, pidsLimitHits: 0 };
const facts = (overrides: Partial<RunFacts>): RunFacts => ({
  launcherExitCode: 0,
  launcherSignal: null,
  killedFor: null,
  usage,
  limits,
  ...overrides,
});

describe('decideRunOutcome', () => {
  it('reports a clean exit with no limit hit', () => {
    expect(decideRunOutcome(facts({}))).toEqual({ exitCode: 0, signal: null, limitHit: null });
  });

  it("reads bwrap's 128 + N exit as signal N", () => {
    expect(decideRunOutcome(facts({ launcherExitCode: 139 }))).toEqual({
      exitCode: null,
      signal: 'SIGSEGV',
      limitHit: null,
    });
  });

  it('calls an OOM kill a memory limit whatever the death looked like (MLE, not RE)', () => {
    const outcome = decideRunOutcome(facts({ launcherExitCode: 137, usage: { ...usage, oomKills: 1 } }));
    expect(outcome).toEqual({ exitCode: null, signal: 'SIGKILL', limitHit: 'memory' });
  });

  it('names the limit the judge killed the run for', () => {
    expect(decideRunOutcome(facts({ killedFor: 'wall', launcherSignal: 'SIGKILL' })).limitHit).toBe('wall');
    expect(decideRunOutcome(facts({ killedFor: 'output', launcherSignal: 'SIGKILL' })).limitHit).toBe('output');
    expect(decideRunOutcome(facts({ killedFor: 'cpu', launcherSignal: 'SIGKILL' })).limitHit).toBe('cpu');
  });

  it('calls SIGXCPU or CPU beyond the limit a CPU limit, and SIGXFSZ a file-size limit', () => {
    expect(decideRunOutcome(facts({ launcherExitCode: 128 + 24 })).limitHit).toBe('cpu');
    expect(decideRunOutcome(facts({ usage: { ...usage, cpuTimeMs: 1001 } })).limitHit).toBe('cpu');
    expect(decideRunOutcome(facts({ launcherExitCode: 128 + 25 })).limitHit).toBe('file-size');
  });

  it('blames the process limit only for a run that failed after a refused fork', () => {
    expect(decideRunOutcome(facts({ launcherExitCode: 1, usage: { ...usage, pidsLimitHits: 3 } })).limitHit).toBe(
      'processes',
    );
    expect(decideRunOutcome(facts({ usage: { ...usage, pidsLimitHits: 3 } })).limitHit).toBeNull();
  });
});
