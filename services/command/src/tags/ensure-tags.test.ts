import { describe, it } from 'vitest';
import { aTagAdded } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { tagCatalogueModel } from './tag-catalogue.state';
import { ensureTags } from './ensure-tags';
const at = '2026-03-01T00:00:00.000Z';
const math = { name: 'math', color: null, oj: 'ME', classificationId: null };

describe('ensureTags', () => {
  it('creates only the tags the bank lacks', () => {
    given(tagCatalogueModel, aTagAdded({ tagId: 1, name: 'math' }))
      .when(ensureTags({ tags: [math, { ...math, name: 'graphs' }, { ...math, name: 'Graphs' }], addedAt: at }))
      .then([{ type: 'TagAdded', data: { tagId: 2, ...math, name: 'graphs', addedAt: at } }]);
  });
});
