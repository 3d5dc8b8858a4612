import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { interpretCheckerExit, type CheckerExit } from './checker-exit';

const exited = (exitCode: number, stderr = '', stdout = ''): CheckerExit => ({
  exitCode,
  signal: null,
  limitHit: null,
  stdout,
  stderr,
});

describe('interpretCheckerExit', () => {
  it('maps the fixed exit codes of the reference', () => {
    expect(interpretCheckerExit(exited(0)).verdict).toBe('AC');
    expect(interpretCheckerExit(exited(100)).verdict).toBe('AC');
    expect(interpretCheckerExit(exited(101)).verdict).toBe('PE');
    expect(interpretCheckerExit(exited(102, 'expected 3')).verdict).toBe('WA');
    expect(interpretCheckerExit(exited(103)).verdict).toBe('SE');
  });

  it('reads a percentage from stdout on exit 99', () => {
    expect(interpretCheckerExit(exited(99, '', '40'))).toEqual({ verdict: 'PA', percentage: 0.4, message: '' });
    expect(interpretCheckerExit(exited(99, '', '100')).verdict).toBe('AC');
    expect(interpretCheckerExit(exited(99, '', 'half'))).toMatchObject({ verdict: 'PA', percentage: null });
  });

  it('reads testlib messages for the other exit codes', () => {
    expect(interpretCheckerExit(exited(1, 'wrong answer 1st numbers differ'))).toEqual({
      verdict: 'WA',
      percentage: null,
      message: '1st numbers differ',
    });
    expect(interpretCheckerExit(exited(2, 'wrong output format Unexpected end of file')).verdict).toBe('PE');
    expect(interpretCheckerExit(exited(3, 'FAIL answer file is broken')).verdict).toBe('SE');
    expect(interpretCheckerExit(exited(7, 'points 25 almost'))).toEqual({
      verdict: 'PA',
      percentage: 0.25,
      message: 'almost',
    });
    expect(interpretCheckerExit(exited(50, 'partially correct (34) ok-ish'))).toMatchObject({
      verdict: 'PA',
      percentage: 0.34,
    });
  });

  it('is a system error when the checker crashes silently or overruns its limits', () => {
    expect(interpretCheckerExit({ ...exited(0), exitCode: null, signal: 'SIGSEGV' }).verdict).toBe('SE');
    expect(interpretCheckerExit(exited(1)).verdict).toBe('SE');
    expect(interpretCheckerExit({ ...exited(0), limitHit: 'cpu' }).verdict).toBe('SE');
  });

  it('only ever gives a partial percentage in [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 300 }), fc.double({ min: -10, max: 300, noNaN: true }), (code, points) => {
        const outcomes = [exited(99, '', String(points)), exited(code, `points ${points} x`)].map(interpretCheckerExit);
        for (const outcome of outcomes) {
          if (outcome.verdict === 'PA' && outcome.percentage !== null) {
            expect(outcome.percentage).toBeGreaterThanOrEqual(0);
            expect(outcome.percentage).toBeLessThan(1);
          }
        }
      }),
    );
  });
});
