import { describe, it } from 'vitest';
import { aTagAdded, aTagClassificationAdded } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { addClassification, deleteClassification, editClassification } from './manage-classifications';
import { addTag, deleteTag, editTag, ensureTags } from './manage-tags';
import { tagCatalogueModel } from './tag-catalogue.state';
import { tagMessages } from './tags.rejections';

const at = '2026-03-01T00:00:00.000Z';
const math = { name: 'math', color: null, oj: 'ME', classificationId: null };

describe('addTag', () => {
  it('adds a tag with the next id', () => {
    given(tagCatalogueModel, aTagAdded({ tagId: 4, name: 'dp' }))
      .when(addTag({ tag: math, addedAt: at }))
      .then([{ type: 'TagAdded', data: { tagId: 5, ...math, addedAt: at } }]);
  });

  it('rejects a name the bank already has, whatever the letter case', () => {
    given(tagCatalogueModel, aTagAdded({ name: 'Math' }))
      .when(addTag({ tag: math, addedAt: at }))
      .thenRejects(400, tagMessages.tagExists);
  });

  it('accepts the same name in another bank', () => {
    given(tagCatalogueModel, aTagAdded({ tagId: 1, name: 'math', oj: 'CF' }))
      .when(addTag({ tag: math, addedAt: at }))
      .then([{ type: 'TagAdded', data: { tagId: 2, ...math, addedAt: at } }]);
  });
});

describe('editTag and deleteTag', () => {
  it('rejects editing or deleting an unknown tag', () => {
    given(tagCatalogueModel)
      .when(editTag({ tagId: 9, tag: math, editedAt: at }))
      .thenRejects(400, tagMessages.updateFailed);
    given(tagCatalogueModel)
      .when(deleteTag({ tagId: 9, deletedAt: at }))
      .thenRejects(400, tagMessages.deleteFailed);
  });

  it('does not reuse the id of a deleted tag', () => {
    given(tagCatalogueModel, aTagAdded({ tagId: 1 }), { type: 'TagDeleted', data: { tagId: 1, deletedAt: at } })
      .when(addTag({ tag: math, addedAt: at }))
      .then([{ type: 'TagAdded', data: { tagId: 2, ...math, addedAt: at } }]);
  });
});

describe('ensureTags', () => {
  it('creates only the tags the bank lacks', () => {
    given(tagCatalogueModel, aTagAdded({ tagId: 1, name: 'math' }))
      .when(ensureTags({ tags: [math, { ...math, name: 'graphs' }, { ...math, name: 'Graphs' }], addedAt: at }))
      .then([{ type: 'TagAdded', data: { tagId: 2, ...math, name: 'graphs', addedAt: at } }]);
  });
});

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
