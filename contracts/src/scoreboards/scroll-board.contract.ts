import { z } from 'zod';
import { idParam } from '../input/bounded-input.contract';
import { lenientFlagParam } from '../contests/flag-param.contract';

/** Request and reply schemas of the scroll-board calls (api-contest-training.md §1.2.9, §1.2.10). */

export const scrollBoardInfoQuery = z.object({ cid: idParam });

export const scrollBoardSubmissionQuery = z.object({
  cid: idParam,
  removeStar: lenientFlagParam.default(false),
});

/** HOJ formats the scroll board's instants as text in GMT+8 (§0 Dates), unlike every other reply. */
export const scrollBoardTimeSchema = z.string().regex(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);

export const scrollBoardInfoSchema = z.object({
  id: z.number().int(),
  rankShowName: z.enum(['username', 'nickname', 'realname']),
  /** Non-hidden problems only. */
  problemCount: z.number().int(),
  /** Display id → balloon colour of each non-hidden problem. */
  balloonColor: z.record(z.string(), z.string().nullable()),
  startTime: scrollBoardTimeSchema,
  sealRankTime: scrollBoardTimeSchema,
  starUserList: z.array(z.string()),
});
export type ScrollBoardInfo = z.infer<typeof scrollBoardInfoSchema>;

export const scrollBoardSubmissionSchema = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  realname: z.string().nullable(),
  school: z.string().nullable(),
  avatar: z.string().nullable(),
  gender: z.string().nullable(),
  submitId: z.number().int(),
  /** HOJ's judge status code. */
  status: z.number().int(),
  submitTime: scrollBoardTimeSchema,
  displayId: z.string(),
});
export type ScrollBoardSubmission = z.infer<typeof scrollBoardSubmissionSchema>;
