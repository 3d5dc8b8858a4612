import { z } from 'zod';
import { boundedText, idJson, idParam, int4Json, isStorableText, textMax } from '../input/bounded-input.contract';

const optionalText = boundedText(textMax.line)
  .nullish()
  .transform((value) => value ?? null);
const queryId = idParam;
const name = z
  .string({ error: 'tags.nameRequired' })
  .max(textMax.line, { abort: true })
  .refine(isStorableText)
  .trim()
  .min(1, 'tags.nameRequired');

/** POST /api/admin/tag (admin §5.9): HOJ's Tag entity; `oj` defaults to the own bank "ME". */
export const addTagBody = z.object({
  name,
  color: optionalText,
  oj: boundedText(textMax.line)
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : 'ME')),
  tcid: idJson.nullish().transform((value) => value ?? null),
});

export const editTagBody = addTagBody.extend({ id: idJson });
export const deleteTagQuery = z.object({ tid: queryId });

export const addClassificationBody = z.object({
  name,
  oj: boundedText(textMax.line)
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : 'ME')),
  rank: int4Json.nullish().transform((value) => value ?? 0),
});
export const editClassificationBody = addClassificationBody.extend({ id: idJson });
export const deleteClassificationQuery = z.object({ tcid: queryId });
