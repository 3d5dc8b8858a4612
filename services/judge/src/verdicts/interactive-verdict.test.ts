import { describe, expect, it } from 'vitest';
import { interactiveVerdict } from './interactive-verdict';
import type { RunMeasurement } from './run-outcome';

const limits = { timeLimitMs: 1000, memoryLimitKib: 65_536 };
const userExit: RunMeasurement = {
  cpuTimeMs: 5,
  wallTimeMs: 9,
  peakMemoryKib: 900,
  exitCode: 0,
  signal: null,
  limitHit: null,
};
const interactorOk = { exitCode: 0, signal: null, limitHit: null, stderr: 'ok guessed' };
const interactorWa = { exitCode: 1, signal: null, limitHit: null, stderr: 'wrong answer too many queries: 31' };

describe('interactiveVerdict', () => {
  it('takes the interactor verdict when the user exited normally', () => {
    expect(interactiveVerdict(userExit, interactorOk, limits)).toMatchObject({ verdict: 'AC', message: 'ok guessed' });
    expect(interactiveVerdict(userExit, interactorWa, limits)).toMatchObject({
      verdict: 'WA',
      message: 'too many queries: 31 Interactive program exited with code: 1',
    });
  });

  it('forgives a broken pipe when the interactor stopped early, and reads the interactor instead', () => {
    const brokenPipe = { ...userExit, exitCode: null, signal: 'SIGPIPE' };
    expect(interactiveVerdict(brokenPipe, interactorWa, limits).verdict).toBe('WA');
  });

  it('calls a broken pipe RE when the interactor had finished happily', () => {
    const brokenPipe = { ...userExit, exitCode: null, signal: 'SIGPIPE' };
    expect(interactiveVerdict(brokenPipe, interactorOk, limits)).toMatchObject({ verdict: 'RE' });
  });

  it('puts the user program limits before anything the interactor says', () => {
    const idle = { ...userExit, exitCode: null, signal: 'SIGKILL', limitHit: 'wall' as const };
    expect(interactiveVerdict(idle, interactorWa, limits).verdict).toBe('TLE');
    expect(interactiveVerdict({ ...userExit, peakMemoryKib: 70_000 }, interactorOk, limits).verdict).toBe('MLE');
    expect(interactiveVerdict({ ...userExit, exitCode: 2 }, interactorWa, limits).verdict).toBe('RE');
  });
});
