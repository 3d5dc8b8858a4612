import type { LimitHit } from '../sandbox/sandbox';
import { fromPoints, type CheckerOutcome } from './checker-outcome';
import { parseTestlibMessage } from './testlib-message';

export interface CheckerExit {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly limitHit: LimitHit | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Exit codes with a fixed meaning (judging.md §5.2); anything else is read as a testlib message. */
const fixedExitVerdicts: Readonly<Record<number, CheckerOutcome['verdict']>> = {
  0: 'AC',
  100: 'AC',
  101: 'PE',
  102: 'WA',
  103: 'SE',
};
const partialExitCode = 99;

/** Maps a finished checker (or interactor) run to a case verdict, following HOJ's exit-code table. */
export function interpretCheckerExit(run: CheckerExit): CheckerOutcome {
  const message = run.stderr.trim();
  if (run.limitHit !== null) {
    return { verdict: 'SE', percentage: null, message: `The checker exceeded its ${run.limitHit} limit` };
  }
  if (run.signal === null && run.exitCode !== null) {
    const fixed = fixedExitVerdicts[run.exitCode];
    if (fixed) return { verdict: fixed, percentage: null, message };
    if (run.exitCode === partialExitCode) return partialFromStdout(run.stdout, message);
  }
  if (message === '') {
    const how = run.signal === null ? `exit code ${run.exitCode ?? 'unknown'}` : `signal ${run.signal}`;
    return { verdict: 'SE', percentage: null, message: `The checker failed with ${how} and no message` };
  }
  return parseTestlibMessage(message);
}

/** Exit 99: the checker printed a percentage in [0, 100] as its whole stdout; 100 means AC. */
function partialFromStdout(stdout: string, message: string): CheckerOutcome {
  const text = stdout.trim();
  const points = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(points)) return { verdict: 'PA', percentage: null, message };
  return fromPoints(points, message);
}
