import { z } from 'zod';
import { apiGet } from '../../../lib/api-client';

const infoSchema = z.looseObject({
  id: z.union([z.number(), z.string()]).transform(String),
  rankShowName: z.string().nullish(),
  problemCount: z.number().nullish(),
  balloonColor: z.record(z.string(), z.string().nullable()).default({}),
  startTime: z.string(),
  sealRankTime: z.string(),
  starUserList: z.array(z.string()).nullish(),
});
export type ScrollBoardInfo = z.infer<typeof infoSchema>;

const submissionSchema = z.looseObject({
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullish(),
  realname: z.string().nullish(),
  school: z.string().nullish(),
  gender: z.string().nullish(),
  submitId: z.union([z.number(), z.string()]).transform(Number),
  status: z.number(),
  submitTime: z.string(),
  displayId: z.string(),
});
export type ScrollBoardSubmission = z.infer<typeof submissionSchema>;

/** GET /api/get-contest-scroll-board-info (reference §1.2.9): ended, sealed ACM contests only. */
export const getScrollBoardInfo = (cid: string) =>
  apiGet('/get-contest-scroll-board-info', infoSchema, { query: { cid } });

/** GET /api/get-contest-scroll-board-submission (reference §1.2.10), newest first. */
export const getScrollBoardSubmissions = (cid: string, removeStar: boolean) =>
  apiGet('/get-contest-scroll-board-submission', z.array(submissionSchema), { query: { cid, removeStar } });
