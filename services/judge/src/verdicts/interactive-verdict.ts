import { interpretCheckerExit, type CheckerExit } from '../checkers/checker-exit';
import type { CheckerOutcome } from '../checkers/checker-outcome';
import { classifyRun, type RunLimits, type RunMeasurement } from './run-outcome';
import type { Verdict } from './verdict';

export interface InteractiveCaseVerdict {
  readonly verdict: Verdict;
  readonly percentage: number | null;
  readonly message: string;
}

/**
 * One interactive case from both runs (judging.md §5.3): the user's TLE/MLE first; the user's RE unless it
 * is a broken pipe while the interactor did not finish cleanly (then the interactor knows why); otherwise
 * the interactor's exit, read like a checker's.
 */
export function interactiveVerdict(
  user: RunMeasurement,
  interactor: Omit<CheckerExit, 'stdout'>,
  limits: RunLimits,
): InteractiveCaseVerdict {
  const isInteractorClean = interactor.exitCode === 0 && interactor.signal === null && interactor.limitHit === null;
  const outcome = classifyRun(user, limits);
  const isBrokenPipe = user.signal === 'SIGPIPE' && user.limitHit === null;
  if (outcome.kind === 'failed' && !(isBrokenPipe && !isInteractorClean)) {
    return { verdict: outcome.verdict, percentage: null, message: outcome.message };
  }
  // Exit 99's percentage would be on stdout, which is the pipe to the user: not readable here.
  const checked: CheckerOutcome = interpretCheckerExit({ ...interactor, stdout: '' });
  const exitNote =
    !isInteractorClean && interactor.stderr.trim() !== ''
      ? ` Interactive program exited with code: ${interactor.exitCode ?? interactor.signal ?? 'unknown'}`
      : '';
  return { ...checked, message: `${checked.message}${exitNote}`.trim() };
}
