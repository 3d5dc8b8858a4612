import { describe, it } from 'vitest';
import { aTagAdded } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { tagCatalogueModel } from './tag-catalogue.state';
import { tagMessages } from './tags.rejections';
import { addTag } from './add-tag';
import { editTag } from './edit-tag';
import { deleteTag } from './delete-tag';
const at = '2026-03-01T00:00:00.000Z';
const math = { name: 'math', color: null, oj: 'ME', classificationId: null };

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
