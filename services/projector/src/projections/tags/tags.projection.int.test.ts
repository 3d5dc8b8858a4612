import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { tagCatalogueStream } from '@oj/events';
import { aTagAdded, aTagClassificationAdded } from '@oj/events/testing';
import type { Database } from '@oj/read-models';
import {
  createProjectionTestbed,
  expectDuplicateDeliveryChangesNothing,
  expectIncrementalEqualsRebuild,
  type ProjectionTestbed,
  type TestEvent,
} from '../../runner/testing';
import { tagsProjection } from './tags.projection';

const snapshot = async (db: Kysely<Database>) => ({
  tags: await db.selectFrom('tags').selectAll().orderBy('tag_id').execute(),
  classifications: await db.selectFrom('tag_classifications').selectAll().orderBy('classification_id').execute(),
});

type Step = 'addTag' | 'editTag' | 'deleteTag' | 'addClass' | 'editClass' | 'deleteClass';
const at = (index: number) => new Date(Date.UTC(2026, 1, 1, 0, index)).toISOString();

function historyOf(steps: readonly Step[]): TestEvent[] {
  return steps.map((step, index): TestEvent => {
    const stream = tagCatalogueStream;
    const tagId = (index % 3) + 1;
    const classificationId = (index % 2) + 1;
    switch (step) {
      case 'addTag':
        return { stream, ...aTagAdded({ tagId, name: `t${index}`, classificationId, addedAt: at(index) }) };
      case 'editTag':
        return {
          stream,
          type: 'TagEdited',
          data: { tagId, name: `e${index}`, color: null, oj: 'ME', classificationId, editedAt: at(index) },
        };
      case 'deleteTag':
        return { stream, type: 'TagDeleted', data: { tagId, deletedAt: at(index) } };
      case 'addClass':
        return { stream, ...aTagClassificationAdded({ classificationId, name: `c${index}`, addedAt: at(index) }) };
      case 'editClass':
        return {
          stream,
          type: 'TagClassificationEdited',
          data: { classificationId, name: `d${index}`, oj: 'ME', rank: index, editedAt: at(index) },
        };
      case 'deleteClass':
        return { stream, type: 'TagClassificationDeleted', data: { classificationId, deletedAt: at(index) } };
    }
  });
}

const steps: Step[] = ['addTag', 'editTag', 'deleteTag', 'addClass', 'editClass', 'deleteClass'];

describe('tagsProjection', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('keeps tags and classifications, and unclassifies the tags of a deleted classification', async () => {
    await testbed.reset(tagsProjection);
    await testbed.append([
      { stream: tagCatalogueStream, ...aTagClassificationAdded({ classificationId: 1 }) },
      { stream: tagCatalogueStream, ...aTagAdded({ tagId: 1, classificationId: 1 }) },
      { stream: tagCatalogueStream, type: 'TagClassificationDeleted', data: { classificationId: 1, deletedAt: at(9) } },
    ]);
    await testbed.runToHead(tagsProjection);
    const { tags, classifications } = await snapshot(testbed.db);
    expect(classifications).toEqual([]);
    expect(tags).toMatchObject([{ tag_id: 1, name: 'math', classification_id: null }]);
  });

  it('ignores a duplicate delivery', async () => {
    await expectDuplicateDeliveryChangesNothing(testbed, tagsProjection, historyOf(steps.concat(steps)), snapshot);
  });

  it('builds the same rows incrementally as by a rebuild', async () => {
    await expectIncrementalEqualsRebuild(
      testbed,
      tagsProjection,
      fc.array(fc.constantFrom(...steps), { maxLength: 10 }).map(historyOf),
      snapshot,
      { numRuns: 8 },
    );
  });
});
