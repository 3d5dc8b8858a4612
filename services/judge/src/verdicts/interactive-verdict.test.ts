import { describe, expect, it } from 'vitest';
import { firstToFinishOf, interactiveVerdict } from './interactive-verdict';
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

  it('issue 11 item 3: the program running out of time after the interactor rejected it is TLE, with the whole story kept', () => {
    const outOfTime = { ...userExit, exitCode: null, signal: 'SIGKILL', limitHit: 'cpu' as const };
    const rejected = { ...interactorWa, stderr: 'wrong answer Guess 1 is out of range: -1' };
    expect(interactiveVerdict(outOfTime, rejected, limits, 'interactor')).toEqual({
      verdict: 'TLE',
      percentage: null,
      message: 'Interactor (WA): Guess 1 is out of range: -1',
      interaction: { interactorStatus: 'WA', firstToFinish: 'interactor' },
    });
  });

  it('issue 11 item 3: an RE keeps its exit text first, then the interactor message', () => {
    const crashed = { ...userExit, exitCode: 3 };
    expect(interactiveVerdict(crashed, interactorWa, limits, 'program')).toMatchObject({
      verdict: 'RE',
      message: 'The program return exit status code: 3\nInteractor (WA): too many queries: 31',
      interaction: { interactorStatus: 'WA', firstToFinish: 'program' },
    });
  });

  it('issue 11 item 3: an interactor that accepted adds nothing to the program failure message', () => {
    const crashed = { ...userExit, exitCode: 3 };
    expect(interactiveVerdict(crashed, interactorOk, limits).message).toBe('The program return exit status code: 3');
  });

  it('issue 11 item 3: records the interactor verdict when it decides the case too', () => {
    expect(interactiveVerdict(userExit, interactorWa, limits, 'interactor').interaction).toEqual({
      interactorStatus: 'WA',
      firstToFinish: 'interactor',
    });
  });
});

describe('firstToFinishOf', () => {
  it('issue 11 item 3: orders the two ends, and knows nothing without both', () => {
    expect(firstToFinishOf(20, 10)).toBe('interactor');
    expect(firstToFinishOf(10, 20)).toBe('program');
    expect(firstToFinishOf(undefined, 20)).toBeNull();
  });
});
