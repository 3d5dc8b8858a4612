import { z } from 'zod';
import { judgeRowSchema, submissionListRowSchema } from '@oj/contracts';
import { tolerantOf } from '@/lib/tolerant-reply';

const id = z.union([z.number(), z.string()]).transform((value) => String(value));

/**
 * A submission as the views read it: HOJ's Judge row (get-submission-detail, check-submissions-status) or a list's
 * JudgeVO row (the submission list, a contest's list, which names its problem by `displayId`), every field but the
 * status tolerated missing. Ids become strings: the views key their maps and links by them.
 */
export const submissionSchema = tolerantOf(
  judgeRowSchema.extend({ title: submissionListRowSchema.shape.title, displayId: z.string() }),
  ['status'],
).extend({ submitId: id, pid: id.nullish() });
export type Submission = z.infer<typeof submissionSchema>;
