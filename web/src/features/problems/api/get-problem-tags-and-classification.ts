import { z } from 'zod';
import { apiGet } from '@/lib/api-client';
import { tagSchema } from './problem-schemas';

const classificationSchema = z.looseObject({ id: z.number(), name: z.string(), oj: z.string().nullish() });

const replySchema = z.array(
  z.looseObject({ classification: classificationSchema.nullish(), tagList: z.array(tagSchema).default([]) }),
);
export type TagGroups = z.infer<typeof replySchema>;

/** GET /api/get-problem-tags-and-classification (api-core §3); "ME" for the own bank, "All" for every bank. */
export const getProblemTagsAndClassification = (oj: string) =>
  apiGet('/get-problem-tags-and-classification', replySchema, { query: { oj }, silent: true });
