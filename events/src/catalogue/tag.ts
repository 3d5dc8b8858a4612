import { z } from 'zod';
import { defineStreamEvents, type StreamEventOf } from './define-stream-events';

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

export const tagAddedSchema = z.object({ ...tagFields, addedAt: instant });

/** PUT /api/admin/tag: the tag as the admin saved it. */
export const tagEditedSchema = z.object({ ...tagFields, editedAt: instant });

export const tagDeletedSchema = z.object({ tagId: z.number().int().positive(), deletedAt: instant });

const classificationFields = {
  classificationId: z.number().int().positive(),
  name: z.string().min(1),
  oj: z.string().min(1),
  /** Smaller first in the side panel. */
  rank: z.number().int(),
};

export const tagClassificationAddedSchema = z.object({ ...classificationFields, addedAt: instant });

export const tagClassificationEditedSchema = z.object({ ...classificationFields, editedAt: instant });

/** Its tags stay, unclassified (HOJ's foreign key sets their tcid to null). */
export const tagClassificationDeletedSchema = z.object({
  classificationId: z.number().int().positive(),
  deletedAt: instant,
});

export const tagEvents = defineStreamEvents({
  TagAdded: tagAddedSchema,
  TagEdited: tagEditedSchema,
  TagDeleted: tagDeletedSchema,
  TagClassificationAdded: tagClassificationAddedSchema,
  TagClassificationEdited: tagClassificationEditedSchema,
  TagClassificationDeleted: tagClassificationDeletedSchema,
});
export const tagEventSchemas = tagEvents.schemas;
export type TagEvent = StreamEventOf<typeof tagEventSchemas>;

export const tagEventTypes = tagEvents.types;
