import type { TagEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { TagCatalogueState } from './tag-catalogue.state';
import { tagMessages } from './tags.rejections';
import { sameClassificationKey, type ClassificationFields } from './tag-fields';

export const addClassification =
  (command: { readonly classification: ClassificationFields; readonly addedAt: string }) =>
  (state: TagCatalogueState): TagEvent[] => {
    if (state.classifications.some((entry) => sameClassificationKey(entry, command.classification)))
      throw new CommandRejected(400, tagMessages.classificationExists);
    const classificationId = state.lastClassificationId + 1;
    return [
      {
        type: 'TagClassificationAdded',
        data: { classificationId, ...command.classification, addedAt: command.addedAt },
      },
    ];
  };
