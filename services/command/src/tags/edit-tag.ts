import type { TagEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { TagCatalogueState } from './tag-catalogue.state';
import { tagMessages } from './tags.rejections';
import { sameTagKey, type TagFields } from './tag-fields';

/** PUT /api/admin/tag writes the tag as sent; an unknown id or a name another tag holds fails. */
export const editTag =
  (command: { readonly tagId: number; readonly tag: TagFields; readonly editedAt: string }) =>
  (state: TagCatalogueState): TagEvent[] => {
    if (!state.tags.some((tag) => tag.tagId === command.tagId))
      throw new CommandRejected(400, tagMessages.updateFailed);
    if (state.tags.some((tag) => tag.tagId !== command.tagId && sameTagKey(tag, command.tag)))
      throw new CommandRejected(400, tagMessages.updateFailed);
    return [{ type: 'TagEdited', data: { tagId: command.tagId, ...command.tag, editedAt: command.editedAt } }];
  };
