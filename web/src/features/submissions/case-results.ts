import type { AllCaseResult, CaseResult } from './api/get-all-case-result';
import { judgeStatus } from './judge-status';

/** A compile error, or a problem that hides its cases, leaves nothing to show: the page then leaves out the card. */
export const hasCaseResults = (result: AllCaseResult): boolean =>
  (result?.judgeCaseList?.length ?? 0) > 0 || (result?.subTaskJudgeCaseVoList?.length ?? 0) > 0;

/** What the interactor did, as a phrase key under `cases.interactor`. */
export type InteractorPhrase = 'accepted' | 'rejected' | 'formatRejected' | 'partial' | 'failed';
/** What the program did, as a phrase key under `cases.program`. */
export type ProgramPhrase = 'timeLimit' | 'memoryLimit' | 'runtimeError' | 'finished';

/** The sentence an interactive case gets when the program's verdict hid the interactor's (issue 11). */
export interface InteractionStory {
  readonly key: 'interactorFirst' | 'programFirst' | 'unordered';
  readonly n: number;
  readonly interactor: InteractorPhrase;
  readonly program: ProgramPhrase;
}

const interactorPhrases: Readonly<Record<number, InteractorPhrase>> = {
  [judgeStatus.accepted]: 'accepted',
  [judgeStatus.wrongAnswer]: 'rejected',
  [-3]: 'formatRejected',
  [8]: 'partial',
};
const programPhrases: Readonly<Record<number, ProgramPhrase>> = { 1: 'timeLimit', 2: 'memoryLimit', 3: 'runtimeError' };

/**
 * The judge keeps HOJ's order (the program's TLE, MLE or RE wins over the interactor's verdict) and records what
 * the interactor said and who ended first; when the two differ the page says both, in the order they happened.
 */
export function interactionStory(result: CaseResult, index: number): InteractionStory | null {
  const interaction = result.interaction;
  if (!interaction || interaction.interactorStatus === result.status) return null;
  const key =
    interaction.firstToFinish === 'interactor'
      ? 'interactorFirst'
      : interaction.firstToFinish === 'program'
        ? 'programFirst'
        : 'unordered';
  return {
    key,
    n: result.seq ?? index + 1,
    interactor: interactorPhrases[interaction.interactorStatus] ?? 'failed',
    program: programPhrases[result.status] ?? 'finished',
  };
}

/** Cases with something to say beyond their verdict: a message or an interaction story. */
export const notedCases = (cases: readonly CaseResult[]) =>
  cases
    .map((result, index) => ({ result, index, story: interactionStory(result, index) }))
    .filter(({ result, story }) => (result.userOutput ?? '') !== '' || story !== null);
