import { z } from 'zod';
import { tagClassificationRow, tagGroup } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';
import { tolerantOf } from '@/lib/tolerant-reply';
import { tagSchema } from '@/lib/problem-schemas';

const classificationSchema = tolerantOf(tagClassificationRow, ['id', 'name']);

const replySchema = z.array(
  tolerantOf(tagGroup).extend({
    classification: classificationSchema.nullish(),
    tagList: z.array(tagSchema).default([]),
  }),
);
export type TagGroups = z.infer<typeof replySchema>;

/** GET /api/get-problem-tags-and-classification (api-core §3); "ME" for the own bank, "All" for every bank. */
export const getProblemTagsAndClassification = (oj: string) =>
  apiGet('/get-problem-tags-and-classification', replySchema, { query: { oj }, silent: true });
