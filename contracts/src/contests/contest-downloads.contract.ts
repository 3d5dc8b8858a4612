import { z } from 'zod';
import { boundedText, idParam, textMax } from '../input/bounded-input.contract';
import { flagParam, lenientFlagParam } from './flag-param.contract';

/** Query schemas of the contest file calls (api-contest-training.md §1.2.6, §1.2.7); field names are HOJ's. */

export const acSubmissionSplitTypes = ['user', 'problem'] as const;
export const acSubmissionSplitType = z.enum(acSubmissionSplitTypes);

export const acSubmissionDownloadQuery = z.object({
  cid: idParam,
  excludeAdmin: lenientFlagParam.default(false),
  /** Checked by the route against `acSubmissionSplitType`, so an unknown split gets its own message. */
  splitType: boundedText(textMax.line).default('user'),
});

export const rankDownloadQuery = z.object({
  cid: idParam,
  /** Required, as in HOJ: the download says whether the admin looks past the seal. */
  forceRefresh: flagParam,
  removeStar: lenientFlagParam.default(false),
  /** HOJ's spelling (the rank call says `containsEnd`). */
  containEnd: lenientFlagParam.default(false),
});
