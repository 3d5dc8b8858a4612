import { z } from 'zod';
import { boundedText, idParam, textMax } from '../input/bounded-input.contract';

/** HOJ's Tag (api-core §3). */
export const tagRow = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string().nullable(),
  oj: z.string(),
  gid: z.number().int().nullable(),
  tcid: z.number().int().nullable(),
  gmtCreate: z.string(),
  gmtModified: z.string(),
});
export type TagRow = z.infer<typeof tagRow>;

/** HOJ's TagClassification (api-core §3). */
export const tagClassificationRow = z.object({
  id: z.number().int(),
  name: z.string(),
  oj: z.string(),
  rank: z.number().int(),
  gmtCreate: z.string(),
  gmtModified: z.string(),
});

/** One entry of get-problem-tags-and-classification. */
export const tagGroup = z.object({ classification: tagClassificationRow.nullable(), tagList: z.array(tagRow) });

export const ojQuery = z.object({
  oj: boundedText(textMax.line)
    .optional()
    .transform((value) => (value ? value.toUpperCase() : 'ME')),
});
export const problemTagsQuery = z.object({ pid: idParam });
