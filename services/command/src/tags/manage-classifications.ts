import type { TagEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { TagCatalogueState } from './tag-catalogue.state';
import { tagMessages } from './tags.rejections';

export interface ClassificationFields {
  readonly name: string;
  readonly oj: string;
  readonly rank: number;
}

const sameKey = (a: ClassificationFields, b: ClassificationFields) =>
  a.name.toLowerCase() === b.name.toLowerCase() && a.oj.toUpperCase() === b.oj.toUpperCase();

export const addClassification =
  (command: { readonly classification: ClassificationFields; readonly addedAt: string }) =>
  (state: TagCatalogueState): TagEvent[] => {
    if (state.classifications.some((entry) => sameKey(entry, command.classification)))
      throw new CommandRejected(400, tagMessages.classificationExists);
    const classificationId = state.lastClassificationId + 1;
    return [
      {
        type: 'TagClassificationAdded',
        data: { classificationId, ...command.classification, addedAt: command.addedAt },
      },
    ];
  };

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
      (entry) => entry.classificationId !== classificationId && sameKey(entry, classification),
    );
    if (!exists || clash) throw new CommandRejected(400, tagMessages.updateFailed);
    return [{ type: 'TagClassificationEdited', data: { classificationId, ...classification, editedAt } }];
  };

export const deleteClassification =
  (command: { readonly classificationId: number; readonly deletedAt: string }) =>
  (state: TagCatalogueState): TagEvent[] => {
    const { classificationId, deletedAt } = command;
    if (!state.classifications.some((entry) => entry.classificationId === classificationId))
      throw new CommandRejected(400, tagMessages.deleteFailed);
    return [{ type: 'TagClassificationDeleted', data: { classificationId, deletedAt } }];
  };
