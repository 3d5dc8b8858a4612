import type { TagEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { TagCatalogueState } from './tag-catalogue.state';
import { tagMessages } from './tags.rejections';
import { sameTagKey, type TagFields } from './tag-fields';

export const addTag =
  (command: { readonly tag: TagFields; readonly addedAt: string }) =>
  (state: TagCatalogueState): TagEvent[] => {
    if (state.tags.some((tag) => sameTagKey(tag, command.tag))) throw new CommandRejected(400, tagMessages.tagExists);
    return [{ type: 'TagAdded', data: { tagId: state.lastTagId + 1, ...command.tag, addedAt: command.addedAt } }];
  };
