import { z } from 'zod';

const id = z.union([z.number(), z.string()]).transform((value) => String(value));
const optionalNumber = z.number().nullish();

/** A judge row as get-submission-detail, check-submissions-status and the list give it (api-core §4). */
export const submissionSchema = z.looseObject({
  submitId: id,
  pid: id.nullish(),
  displayPid: z.string().nullish(),
  displayId: z.string().nullish(),
  title: z.string().nullish(),
  uid: z.string().nullish(),
  username: z.string().nullish(),
  submitTime: z.string().nullish(),
  status: z.number(),
  share: z.boolean().nullish(),
  errorMessage: z.string().nullish(),
  time: optionalNumber,
  memory: optionalNumber,
  score: optionalNumber,
  oiRankScore: optionalNumber,
  length: optionalNumber,
  code: z.string().nullish(),
  language: z.string().nullish(),
  cid: optionalNumber,
  gid: optionalNumber,
  judger: z.string().nullish(),
  isManual: z.boolean().nullish(),
});
export type Submission = z.infer<typeof submissionSchema>;

export const pageOf = <T extends z.ZodType>(record: T) =>
  z.looseObject({ records: z.array(record), total: z.number(), current: z.number().nullish() });
