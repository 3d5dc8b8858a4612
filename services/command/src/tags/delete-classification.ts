import type { TagEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { TagCatalogueState } from './tag-catalogue.state';
import { tagMessages } from './tags.rejections';

export const deleteClassification =
  (command: { readonly classificationId: number; readonly deletedAt: string }) =>
  (state: TagCatalogueState): TagEvent[] => {
    const { classificationId, deletedAt } = command;
    if (!state.classifications.some((entry) => entry.classificationId === classificationId))
      throw new CommandRejected(400, tagMessages.deleteFailed);
    return [{ type: 'TagClassificationDeleted', data: { classificationId, deletedAt } }];
  };
