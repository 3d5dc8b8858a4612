import { interpretCheckerExit, type CheckerExit } from '../checkers/checker-exit';
import type { CheckerOutcome } from '../checkers/checker-outcome';
import { classifyRun, type RunLimits, type RunMeasurement } from './run-outcome';
import type { Verdict } from './verdict';

/** Which side of an interactive case ended first; null when the sandbox could not tell. */
export type FirstToFinish = 'interactor' | 'program';

/**
 * What the interactor itself decided and who ended first, kept beside the case verdict: under HOJ's order the
 * program's TLE, MLE or RE hides the interactor's verdict, and the detail page tells the whole story from this.
 */
export interface Interaction {
  readonly interactorStatus: CheckerOutcome['verdict'];
  readonly firstToFinish: FirstToFinish | null;
}

export interface InteractiveCaseVerdict {
  readonly verdict: Verdict;
  readonly percentage: number | null;
  readonly message: string;
  readonly interaction: Interaction;
}

/**
 * One interactive case from both runs (judging.md §5.3), in HOJ's order: the user's TLE/MLE first; the user's
 * RE unless it is a broken pipe while the interactor did not finish cleanly (then the interactor knows why);
 * otherwise the interactor's exit, read like a checker's. The interactor's own verdict and message are kept
 * either way (a program that ran out of time after the interactor rejected its answer says both).
 */
export function interactiveVerdict(
  user: RunMeasurement,
  interactor: Omit<CheckerExit, 'stdout'>,
  limits: RunLimits,
  firstToFinish: FirstToFinish | null = null,
): InteractiveCaseVerdict {
  const isInteractorClean = interactor.exitCode === 0 && interactor.signal === null && interactor.limitHit === null;
  // Exit 99's percentage would be on stdout, which is the pipe to the user: not readable here.
  const checked: CheckerOutcome = interpretCheckerExit({ ...interactor, stdout: '' });
  const interaction: Interaction = { interactorStatus: checked.verdict, firstToFinish };
  const outcome = classifyRun(user, limits);
  const isBrokenPipe = user.signal === 'SIGPIPE' && user.limitHit === null;
  if (outcome.kind === 'failed' && !(isBrokenPipe && !isInteractorClean)) {
    const interactorSaid = checked.verdict === 'AC' || checked.message === '' ? '' : interactorNote(checked);
    const message = [outcome.message, interactorSaid].filter((part) => part !== '').join('\n');
    return { verdict: outcome.verdict, percentage: null, message, interaction };
  }
  const exitNote =
    !isInteractorClean && interactor.stderr.trim() !== ''
      ? ` Interactive program exited with code: ${interactor.exitCode ?? interactor.signal ?? 'unknown'}`
      : '';
  return { ...checked, message: `${checked.message}${exitNote}`.trim(), interaction };
}

function interactorNote(checked: CheckerOutcome): string {
  return `Interactor (${checked.verdict}): ${checked.message}`;
}

/** Orders the two ends the sandbox saw; unknown when it reported neither. */
export function firstToFinishOf(
  programEndedAtMs: number | undefined,
  interactorEndedAtMs: number | undefined,
): FirstToFinish | null {
  if (programEndedAtMs === undefined || interactorEndedAtMs === undefined) return null;
  return interactorEndedAtMs < programEndedAtMs ? 'interactor' : 'program';
}
