import type { AllCaseResult } from './api/get-all-case-result';

/** A compile error, or a problem that hides its cases, leaves nothing to show: the page then leaves out the card. */
export const hasCaseResults = (result: AllCaseResult): boolean =>
  (result?.judgeCaseList?.length ?? 0) > 0 || (result?.subTaskJudgeCaseVoList?.length ?? 0) > 0;
