import type { TagEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { CatalogueTag, TagCatalogueState } from './tag-catalogue.state';
import { tagMessages } from './tags.rejections';

/** The tag fields an admin sends (admin §5.9), in our names. */
export interface TagFields {
  readonly name: string;
  readonly color: string | null;
  readonly oj: string;
  readonly classificationId: number | null;
}

// HOJ's unique key (name, oj) under MySQL's case-insensitive collation.
const sameKey = (a: { name: string; oj: string }, b: { name: string; oj: string }) =>
  a.name.toLowerCase() === b.name.toLowerCase() && a.oj.toUpperCase() === b.oj.toUpperCase();

export const addTag =
  (command: { readonly tag: TagFields; readonly addedAt: string }) =>
  (state: TagCatalogueState): TagEvent[] => {
    if (state.tags.some((tag) => sameKey(tag, command.tag))) throw new CommandRejected(400, tagMessages.tagExists);
    return [{ type: 'TagAdded', data: { tagId: state.lastTagId + 1, ...command.tag, addedAt: command.addedAt } }];
  };

/** PUT /api/admin/tag writes the tag as sent; an unknown id or a name another tag holds fails. */
export const editTag =
  (command: { readonly tagId: number; readonly tag: TagFields; readonly editedAt: string }) =>
  (state: TagCatalogueState): TagEvent[] => {
    if (!state.tags.some((tag) => tag.tagId === command.tagId))
      throw new CommandRejected(400, tagMessages.updateFailed);
    if (state.tags.some((tag) => tag.tagId !== command.tagId && sameKey(tag, command.tag)))
      throw new CommandRejected(400, tagMessages.updateFailed);
    return [{ type: 'TagEdited', data: { tagId: command.tagId, ...command.tag, editedAt: command.editedAt } }];
  };

export const deleteTag =
  (command: { readonly tagId: number; readonly deletedAt: string }) =>
  (state: TagCatalogueState): TagEvent[] => {
    if (!state.tags.some((tag) => tag.tagId === command.tagId))
      throw new CommandRejected(400, tagMessages.deleteFailed);
    return [{ type: 'TagDeleted', data: { tagId: command.tagId, deletedAt: command.deletedAt } }];
  };

/**
 * Saving a problem may name tags that don't exist yet (no id): they are created in the problem's bank, and a
 * name already taken in that bank resolves to the existing tag instead of failing.
 */
export const ensureTags =
  (command: { readonly tags: readonly TagFields[]; readonly addedAt: string }) =>
  (state: TagCatalogueState): TagEvent[] => {
    const events: TagEvent[] = [];
    let lastTagId = state.lastTagId;
    const known: CatalogueTag[] = [...state.tags];
    for (const tag of command.tags) {
      if (known.some((existing) => sameKey(existing, tag))) continue;
      lastTagId += 1;
      known.push({ tagId: lastTagId, ...tag });
      events.push({ type: 'TagAdded', data: { tagId: lastTagId, ...tag, addedAt: command.addedAt } });
    }
    return events;
  };

/** The id a tag of `fields` has in the catalogue after ensureTags. */
export function tagIdOf(state: TagCatalogueState, fields: { name: string; oj: string }): number | null {
  return state.tags.find((tag) => sameKey(tag, fields))?.tagId ?? null;
}
