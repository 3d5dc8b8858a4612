import { z } from 'zod';

/**
 * The `tags` stream: the whole tag catalogue of the own bank and remote banks (admin §5.9). One stream, so the
 * uniqueness rules (name per oj, classification name per oj) and id allocation are decided on one folded state;
 * tag admin is rare enough that serialising its writes costs nothing.
 */

const instant = z.iso.datetime({ offset: true });

const tagFields = {
  tagId: z.number().int().positive(),
  name: z.string().min(1),
  /** A CSS colour as the admin typed it, or null. */
  color: z.string().nullable(),
  /** "ME" for own tags, or a remote judge key. */
  oj: z.string().min(1),
  classificationId: z.number().int().positive().nullable(),
};

export const TagAdded = z.object({ type: z.literal('TagAdded'), data: z.object({ ...tagFields, addedAt: instant }) });

/** PUT /api/admin/tag: the tag as the admin saved it. */
export const TagEdited = z.object({
  type: z.literal('TagEdited'),
  data: z.object({ ...tagFields, editedAt: instant }),
});

export const TagDeleted = z.object({
  type: z.literal('TagDeleted'),
  data: z.object({ tagId: z.number().int().positive(), deletedAt: instant }),
});

const classificationFields = {
  classificationId: z.number().int().positive(),
  name: z.string().min(1),
  oj: z.string().min(1),
  /** Smaller first in the side panel. */
  rank: z.number().int(),
};

export const TagClassificationAdded = z.object({
  type: z.literal('TagClassificationAdded'),
  data: z.object({ ...classificationFields, addedAt: instant }),
});

export const TagClassificationEdited = z.object({
  type: z.literal('TagClassificationEdited'),
  data: z.object({ ...classificationFields, editedAt: instant }),
});

/** Its tags stay, unclassified (HOJ's foreign key sets their tcid to null). */
export const TagClassificationDeleted = z.object({
  type: z.literal('TagClassificationDeleted'),
  data: z.object({ classificationId: z.number().int().positive(), deletedAt: instant }),
});

export const TagEvent = z.discriminatedUnion('type', [
  TagAdded,
  TagEdited,
  TagDeleted,
  TagClassificationAdded,
  TagClassificationEdited,
  TagClassificationDeleted,
]);
export type TagEvent = z.infer<typeof TagEvent>;

export const tagEventTypes: readonly TagEvent['type'][] = TagEvent.options.map((option) => option.shape.type.value);
