import type { TagEvent } from '@oj/events';
import type { CatalogueTag, TagCatalogueState } from './tag-catalogue.state';
import { sameTagKey, type TagFields } from './tag-fields';

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
      if (known.some((existing) => sameTagKey(existing, tag))) continue;
      lastTagId += 1;
      known.push({ tagId: lastTagId, ...tag });
      events.push({ type: 'TagAdded', data: { tagId: lastTagId, ...tag, addedAt: command.addedAt } });
    }
    return events;
  };
