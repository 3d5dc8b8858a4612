import type { TagEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { TagCatalogueState } from './tag-catalogue.state';
import { tagMessages } from './tags.rejections';

export const deleteTag =
  (command: { readonly tagId: number; readonly deletedAt: string }) =>
  (state: TagCatalogueState): TagEvent[] => {
    if (!state.tags.some((tag) => tag.tagId === command.tagId))
      throw new CommandRejected(400, tagMessages.deleteFailed);
    return [{ type: 'TagDeleted', data: { tagId: command.tagId, deletedAt: command.deletedAt } }];
  };
