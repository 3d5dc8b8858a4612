import type { Kysely } from 'kysely';
import { type AnnouncementEvent, announcementEventTypes, announcementEvents } from '@oj/events';
import type { Database } from '@oj/read-models';
import type { Projection } from '../../runner/projection';
import { liveTopics } from '@oj/read-models/names';

type Data<Type extends AnnouncementEvent['type']> = Extract<AnnouncementEvent, { type: Type }>['data'];

async function applyPublished(db: Kysely<Database>, data: Data<'AnnouncementPublished'>): Promise<void> {
  await db
    .insertInto('announcements')
    .values({
      announcement_id: data.announcementId,
      title: data.title,
      content: data.content,
      author_id: data.authorId,
      is_visible: data.isVisible,
      created_at: data.publishedAt,
      modified_at: data.publishedAt,
    })
    .onConflict((conflict) => conflict.column('announcement_id').doNothing())
    .execute();
}

/** Every change carries the whole resulting field, so applying it twice leaves the same row. */
async function applyAnnouncementEvent(db: Kysely<Database>, event: AnnouncementEvent): Promise<void> {
  switch (event.type) {
    case 'AnnouncementPublished':
      return applyPublished(db, event.data);
    case 'AnnouncementEdited':
      await db
        .updateTable('announcements')
        .set({ title: event.data.title, content: event.data.content, modified_at: event.data.editedAt })
        .where('announcement_id', '=', event.data.announcementId)
        .execute();
      return;
    case 'AnnouncementVisibilityChanged':
      await db
        .updateTable('announcements')
        .set({ is_visible: event.data.isVisible, modified_at: event.data.changedAt })
        .where('announcement_id', '=', event.data.announcementId)
        .execute();
      return;
    case 'AnnouncementDeleted':
      await db.deleteFrom('announcements').where('announcement_id', '=', event.data.announcementId).execute();
      return;
  }
}

/** Site announcements for the home panel and the admin list. */
export const announcementsProjection: Projection = {
  name: 'announcements',
  tables: ['announcements'],
  eventTypes: announcementEventTypes,
  async apply(event, transaction) {
    const parsed = announcementEvents.safeParse({ type: event.type, data: event.data });
    if (parsed.success) await applyAnnouncementEvent(transaction, parsed.data);
  },
  topicsFor: () => [liveTopics.announcements],
};
