import type { CompareVerdict } from './compare-verdict';
import { compareExactly } from './exact-compare';
import { compareIgnoringEndBlanks } from './trailing-blank-compare';

/** The default judge mode's compare rule, chosen by the problem's isRemoveEndBlank. */
export function compareOutput(userOutput: string, expectedOutput: string, isRemoveEndBlank: boolean): CompareVerdict {
  return isRemoveEndBlank
    ? compareIgnoringEndBlanks(userOutput, expectedOutput)
    : compareExactly(userOutput, expectedOutput);
}
