import { z } from 'zod';

/** Reply schemas of the contest admins' front-office tools (api-contest-training.md §1.2.1, §1.2.3). */

/**
 * HOJ's ContestRecord as the AC helper lists it (§1.2.1): a user's first AC of a contest problem; `id` is the
 * submission's, `time` the seconds from the start; `cpid`, `score`, `useTime` and the dates are left null.
 */
export const contestRecordSchema = z.object({
  id: z.number().int(),
  cid: z.number().int(),
  uid: z.string(),
  pid: z.number().int(),
  cpid: z.number().int().nullable(),
  displayId: z.string(),
  submitId: z.number().int(),
  username: z.string(),
  realname: z.string().nullable(),
  /** 1: accepted (the only records listed). */
  status: z.number().int(),
  submitTime: z.string(),
  time: z.number().int(),
  score: z.number().int().nullable(),
  useTime: z.number().int().nullable(),
  /** The balloon was delivered. */
  checked: z.boolean(),
  firstBlood: z.boolean(),
  gmtCreate: z.string().nullable(),
  gmtModified: z.string().nullable(),
});
export type ContestRecord = z.infer<typeof contestRecordSchema>;

/** A print request as the print queue lists it (§1.2.3): without its content; status 0 waiting, 1 printed. */
export const contestPrintRowSchema = z.object({
  id: z.number().int(),
  cid: z.number().int(),
  username: z.string(),
  realname: z.string().nullable(),
  status: z.number().int(),
  gmtCreate: z.string(),
});
export type ContestPrintRow = z.infer<typeof contestPrintRowSchema>;
