import type { TagCatalogueState } from './tag-catalogue.state';

/** The tag and classification fields an admin sends, and HOJ's unique key (name, oj) for each (admin §5.9). */

/** The tag fields an admin sends (admin §5.9), in our names. */
export interface TagFields {
  readonly name: string;
  readonly color: string | null;
  readonly oj: string;
  readonly classificationId: number | null;
}

// HOJ's unique key (name, oj) under MySQL's case-insensitive collation.
export const sameTagKey = (a: { name: string; oj: string }, b: { name: string; oj: string }) =>
  a.name.toLowerCase() === b.name.toLowerCase() && a.oj.toUpperCase() === b.oj.toUpperCase();

/** The classification fields an admin sends (admin §5.9). */
export interface ClassificationFields {
  readonly name: string;
  readonly oj: string;
  readonly rank: number;
}

export const sameClassificationKey = (a: ClassificationFields, b: ClassificationFields) =>
  a.name.toLowerCase() === b.name.toLowerCase() && a.oj.toUpperCase() === b.oj.toUpperCase();

/** The id a tag of `fields` has in the catalogue after ensureTags. */
export function tagIdOf(state: TagCatalogueState, fields: { name: string; oj: string }): number | null {
  return state.tags.find((tag) => sameTagKey(tag, fields))?.tagId ?? null;
}
