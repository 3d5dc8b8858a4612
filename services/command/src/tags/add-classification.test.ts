import { describe, it } from 'vitest';
import { aTagClassificationAdded } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { tagCatalogueModel } from './tag-catalogue.state';
import { tagMessages } from './tags.rejections';
import { addClassification } from './add-classification';
import { editClassification } from './edit-classification';
import { deleteClassification } from './delete-classification';
const at = '2026-03-01T00:00:00.000Z';

describe('classifications', () => {
  const basics = { name: 'Basics', oj: 'ME', rank: 1 };
  it('adds, refuses a duplicate name and refuses editing or deleting an unknown one', () => {
    given(tagCatalogueModel)
      .when(addClassification({ classification: basics, addedAt: at }))
      .then([{ type: 'TagClassificationAdded', data: { classificationId: 1, ...basics, addedAt: at } }]);
    given(tagCatalogueModel, aTagClassificationAdded({ name: 'basics' }))
      .when(addClassification({ classification: basics, addedAt: at }))
      .thenRejects(400, tagMessages.classificationExists);
    given(tagCatalogueModel)
      .when(editClassification({ classificationId: 3, classification: basics, editedAt: at }))
      .thenRejects(400, tagMessages.updateFailed);
    given(tagCatalogueModel)
      .when(deleteClassification({ classificationId: 3, deletedAt: at }))
      .thenRejects(400, tagMessages.deleteFailed);
  });
});
