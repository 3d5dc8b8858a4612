import { z } from 'zod';

const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);
const queryId = z.coerce.number().int().positive();

/** POST /api/admin/tag (admin §5.9): HOJ's Tag entity; `oj` defaults to the own bank "ME". */
export const addTagBody = z.object({
  name: z.string({ error: 'tags.nameRequired' }).trim().min(1, 'tags.nameRequired'),
  color: optionalText,
  oj: z
    .string()
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : 'ME')),
  tcid: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((value) => value ?? null),
});

export const editTagBody = addTagBody.extend({ id: z.number().int().positive() });
export const deleteTagQuery = z.object({ tid: queryId });

export const addClassificationBody = z.object({
  name: z.string({ error: 'tags.nameRequired' }).trim().min(1, 'tags.nameRequired'),
  oj: z
    .string()
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : 'ME')),
  rank: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? 0),
});
export const editClassificationBody = addClassificationBody.extend({ id: z.number().int().positive() });
export const deleteClassificationQuery = z.object({ tcid: queryId });

/** HOJ's Tag row as replies carry it (api-core §3). */
export const tagReply = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string().nullable(),
  oj: z.string(),
  gid: z.null(),
  tcid: z.number().int().nullable(),
  gmtCreate: z.string(),
  gmtModified: z.string(),
});

export const classificationReply = z.object({
  id: z.number().int(),
  name: z.string(),
  oj: z.string(),
  rank: z.number().int(),
  gmtCreate: z.string(),
  gmtModified: z.string(),
});
