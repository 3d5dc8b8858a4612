import { describe, it } from 'vitest';
import { aTagAdded } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { tagCatalogueModel } from './tag-catalogue.state';
import { tagMessages } from './tags.rejections';
import { addTag } from './add-tag';
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
