import type { Kysely } from 'kysely';
import { type TagEvent, type RecordedEvent, tagEvents } from '@oj/events';
import type { Database } from '@oj/read-models';
import type { Projection } from '../../runner/projection';
import { liveTopics } from '@oj/read-models/names';

async function applyTagEvent(db: Kysely<Database>, event: TagEvent): Promise<void> {
  switch (event.type) {
    case 'TagAdded': {
      const { tagId, name, color, oj, classificationId, addedAt } = event.data;
      await db
        .insertInto('tags')
        .values({
          tag_id: tagId,
          name,
          color,
          oj,
          classification_id: classificationId,
          created_at: addedAt,
          modified_at: addedAt,
        })
        .onConflict((conflict) => conflict.column('tag_id').doNothing())
        .execute();
      return;
    }
    case 'TagEdited': {
      const { tagId, name, color, oj, classificationId, editedAt } = event.data;
      await db
        .updateTable('tags')
        .set({ name, color, oj, classification_id: classificationId, modified_at: editedAt })
        .where('tag_id', '=', tagId)
        .execute();
      return;
    }
    case 'TagDeleted':
      await db.deleteFrom('tags').where('tag_id', '=', event.data.tagId).execute();
      return;
    case 'TagClassificationAdded': {
      const { classificationId, name, oj, rank, addedAt } = event.data;
      await db
        .insertInto('tag_classifications')
        .values({ classification_id: classificationId, name, oj, rank, created_at: addedAt, modified_at: addedAt })
        .onConflict((conflict) => conflict.column('classification_id').doNothing())
        .execute();
      return;
    }
    case 'TagClassificationEdited': {
      const { classificationId, name, oj, rank, editedAt } = event.data;
      await db
        .updateTable('tag_classifications')
        .set({ name, oj, rank, modified_at: editedAt })
        .where('classification_id', '=', classificationId)
        .execute();
      return;
    }
    case 'TagClassificationDeleted': {
      const { classificationId } = event.data;
      await db
        .updateTable('tags')
        .set({ classification_id: null })
        .where('classification_id', '=', classificationId)
        .execute();
      await db.deleteFrom('tag_classifications').where('classification_id', '=', classificationId).execute();
      return;
    }
  }
}

/** The tag catalogue read model: `tags` and `tag_classifications`, from the `tags` stream. */
export const tagsProjection: Projection = {
  name: 'tags',
  tables: ['tags', 'tag_classifications'],
  eventTypes: [
    'TagAdded',
    'TagEdited',
    'TagDeleted',
    'TagClassificationAdded',
    'TagClassificationEdited',
    'TagClassificationDeleted',
  ],
  async apply(event: RecordedEvent, db: Kysely<Database>) {
    const parsed = tagEvents.safeParse({ type: event.type, data: event.data });
    if (parsed.success) await applyTagEvent(db, parsed.data);
  },
  topicsFor: () => [liveTopics.tags],
};
