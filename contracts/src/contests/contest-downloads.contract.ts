import { z } from 'zod';
import { idParam } from '../input/bounded-input.contract';
import { flagParam, lenientFlagParam } from './flag-param.contract';

/** Query schemas of the contest file calls (api-contest-training.md §1.2.6, §1.2.7); field names are HOJ's. */

export const acSubmissionSplitTypes = ['user', 'problem'] as const;
/** An unknown split gets its own message (the query service's catalogue), where HOJ answers an empty zip. */
export const acSubmissionSplitType = z.enum(acSubmissionSplitTypes, { error: 'contests.badSplitType' });

export const acSubmissionDownloadQuery = z.object({
  cid: idParam,
  excludeAdmin: lenientFlagParam.default(false),
  splitType: acSubmissionSplitType.default('user'),
});

export const rankDownloadQuery = z.object({
  cid: idParam,
  /** Required, as in HOJ: the download says whether the admin looks past the seal. */
  forceRefresh: flagParam,
  removeStar: lenientFlagParam.default(false),
  /** HOJ's spelling (the rank call says `containsEnd`). */
  containEnd: lenientFlagParam.default(false),
});
