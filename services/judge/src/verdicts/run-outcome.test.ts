import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyRun, outputLimitMessage, type RunMeasurement } from './run-outcome';

const limits = { timeLimitMs: 1000, memoryLimitKib: 262_144 };
const cleanRun: RunMeasurement = {
  cpuTimeMs: 10,
  wallTimeMs: 12,
  peakMemoryKib: 1024,
  exitCode: 0,
  signal: null,
  limitHit: null,
};

describe('classifyRun', () => {
  it('passes a run that exits 0 within the limits on to the checker', () => {
    expect(classifyRun(cleanRun, limits)).toEqual({ kind: 'clean' });
  });

  it('gives TLE for a CPU time strictly above the limit, even within the sandbox ceiling', () => {
    expect(classifyRun({ ...cleanRun, cpuTimeMs: 1001 }, limits)).toMatchObject({ verdict: 'TLE' });
    expect(classifyRun({ ...cleanRun, cpuTimeMs: 1000 }, limits)).toEqual({ kind: 'clean' });
  });

  it('gives TLE for a wall-clock kill of an idle program', () => {
    expect(classifyRun({ ...cleanRun, limitHit: 'wall', signal: 'SIGKILL', exitCode: null }, limits)).toMatchObject({
      verdict: 'TLE',
    });
  });

  it('gives MLE for a sandbox memory kill rather than RE (Killed)', () => {
    const killed = { ...cleanRun, limitHit: 'memory' as const, signal: 'SIGKILL', exitCode: null };
    expect(classifyRun(killed, limits)).toMatchObject({ verdict: 'MLE' });
    expect(classifyRun({ ...cleanRun, peakMemoryKib: 262_145 }, limits)).toMatchObject({ verdict: 'MLE' });
  });

  it('gives RE with the output-limit message when stdout overflowed', () => {
    expect(classifyRun({ ...cleanRun, limitHit: 'output' }, limits)).toEqual({
      kind: 'failed',
      verdict: 'RE',
      message: outputLimitMessage,
    });
  });

  it('names real signals and leaves plain exit codes unnamed', () => {
    expect(classifyRun({ ...cleanRun, exitCode: null, signal: 'SIGSEGV' }, limits)).toMatchObject({
      verdict: 'RE',
      message: 'The program return exit status code: 11 (Segmentation fault)',
    });
    expect(classifyRun({ ...cleanRun, exitCode: 1 }, limits)).toMatchObject({
      verdict: 'RE',
      message: 'The program return exit status code: 1',
    });
  });

  it('never calls a run clean unless it exited 0 within both limits', () => {
    const runArb = fc.record({
      cpuTimeMs: fc.nat(3000),
      wallTimeMs: fc.nat(9000),
      peakMemoryKib: fc.nat(600_000),
      exitCode: fc.option(fc.nat(255)),
      signal: fc.option(fc.constantFrom('SIGSEGV', 'SIGKILL', 'SIGABRT')),
      limitHit: fc.option(fc.constantFrom('cpu' as const, 'wall' as const, 'memory' as const, 'output' as const)),
    });
    fc.assert(
      fc.property(runArb, (run) => {
        const isClean = classifyRun(run, limits).kind === 'clean';
        const withinLimits = run.cpuTimeMs <= 1000 && run.peakMemoryKib <= 262_144 && run.limitHit === null;
        expect(isClean).toBe(withinLimits && run.exitCode === 0 && run.signal === null);
      }),
    );
  });
});
