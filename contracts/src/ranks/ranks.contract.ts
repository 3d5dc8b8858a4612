import { z } from 'zod';
import { boundedText, optionalInt4, textMax } from '../input/bounded-input.contract';

/** GET /api/get-rank-list (api-core §5, contest doc §1.6): type 0 ACM, 1 OI. */
export const rankListQuery = z.object({
  type: optionalInt4,
  limit: optionalInt4,
  currentPage: optionalInt4,
  searchUser: boundedText(textMax.line).trim().optional(),
});

const rankUser = {
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  /** The first 100 characters. */
  signature: z.string().nullable(),
  avatar: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  ac: z.number().int(),
  total: z.number().int(),
};

/**
 * HOJ's ACMRankVO, written once: the rank list fills it; the 7-day AC rank (get-recent-seven-ac-rank, api-core §2)
 * leaves `signature` and `total` null. `rating` (Codeforces') is never fetched offline.
 */
export const acmRankRowSchema = z.object({ ...rankUser, total: z.number().int().nullable(), rating: z.null() });
export const oiRankRowSchema = z.object({ ...rankUser, score: z.number().int() });
export type AcmRankRow = z.infer<typeof acmRankRowSchema>;
export type OiRankRow = z.infer<typeof oiRankRowSchema>;
