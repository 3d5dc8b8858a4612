import type { TagEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { TagCatalogueState } from './tag-catalogue.state';
import { tagMessages } from './tags.rejections';
import { sameClassificationKey, type ClassificationFields } from './tag-fields';

export const editClassification =
  (command: {
    readonly classificationId: number;
    readonly classification: ClassificationFields;
    readonly editedAt: string;
  }) =>
  (state: TagCatalogueState): TagEvent[] => {
    const { classificationId, classification, editedAt } = command;
    const exists = state.classifications.some((entry) => entry.classificationId === classificationId);
    const clash = state.classifications.some(
      (entry) => entry.classificationId !== classificationId && sameClassificationKey(entry, classification),
    );
    if (!exists || clash) throw new CommandRejected(400, tagMessages.updateFailed);
    return [{ type: 'TagClassificationEdited', data: { classificationId, ...classification, editedAt } }];
  };
