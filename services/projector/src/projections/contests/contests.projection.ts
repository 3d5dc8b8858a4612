import type { Kysely, Updateable } from 'kysely';
import { contestEventSchemas, parseContestEvent, type ContestEvent, type RecordedEvent } from '@oj/events';
import type { Database } from '@oj/read-models';
import type { Projection } from '../../runner/projection';
import { liveTopics } from '@oj/read-models/names';
import { topicsOfNumberId } from '../../runner/event-topics';

type Db = Kysely<Database>;
type Data<Type extends ContestEvent['type']> = Extract<ContestEvent, { type: Type }>['data'];

const contestColumns = (settings: Data<'ContestCreated'>['settings']) => ({
  title: settings.title,
  start_at: settings.startAt,
  end_at: settings.endAt,
  settings: JSON.stringify(settings),
});

/** Each event in one or two lines; its statement is a named helper below (issue 12: this switch was 120 lines). */
async function applyContestEvent(db: Db, event: RecordedEvent, parsed: ContestEvent): Promise<void> {
  const contestId = parsed.data.contestId;
  switch (parsed.type) {
    case 'ContestCreated':
      return insertContest(db, event.position, parsed.data);
    case 'ContestSettingsChanged':
      return updateContest(db, contestId, {
        ...contestColumns(parsed.data.settings),
        modified_at: parsed.data.changedAt,
        last_position: event.position,
      });
    case 'ContestVisibilityChanged':
      return updateContest(db, contestId, { visible: parsed.data.visible, last_position: event.position });
    case 'ContestDeleted':
      return deleteContest(db, contestId);
    case 'ContestProblemAdded':
      return insertContestProblem(db, parsed.data);
    case 'ContestProblemChanged':
      return updateContestProblem(db, parsed.data);
    case 'ContestProblemRemoved':
      await db.deleteFrom('contest_problems').where('contest_problem_id', '=', parsed.data.contestProblemId).execute();
      return;
    case 'ContestAnnouncementPosted':
      return insertAnnouncement(db, parsed.data);
    case 'ContestAnnouncementEdited':
      return updateAnnouncement(db, parsed.data);
    case 'ContestAnnouncementRemoved':
      await db.deleteFrom('contest_announcements').where('announcement_id', '=', parsed.data.announcementId).execute();
      return;
    case 'ContestantRegistered':
    case 'ContestRegistrationsCleared':
    case 'ContestAcCheckChanged':
    case 'ContestPrintRequested':
    case 'ContestPrintMarkedPrinted':
      return;
  }
}

async function insertContest(db: Db, position: bigint, data: Data<'ContestCreated'>): Promise<void> {
  await db
    .insertInto('contests')
    .values({
      contest_id: data.contestId,
      type: data.type,
      created_by: data.createdBy,
      author: data.author,
      group_id: data.groupId,
      visible: true,
      ...contestColumns(data.settings),
      created_at: data.createdAt,
      modified_at: data.createdAt,
      last_position: position,
    })
    .onConflict((conflict) => conflict.column('contest_id').doNothing())
    .execute();
}

async function updateContest(db: Db, contestId: number, change: Updateable<Database['contests']>): Promise<void> {
  await db.updateTable('contests').set(change).where('contest_id', '=', contestId).execute();
}

async function deleteContest(db: Db, contestId: number): Promise<void> {
  await db.deleteFrom('contest_problems').where('contest_id', '=', contestId).execute();
  await db.deleteFrom('contest_announcements').where('contest_id', '=', contestId).execute();
  await db.deleteFrom('contests').where('contest_id', '=', contestId).execute();
}

async function insertContestProblem(db: Db, data: Data<'ContestProblemAdded'>): Promise<void> {
  await db
    .insertInto('contest_problems')
    .values({
      contest_problem_id: data.contestProblemId,
      contest_id: data.contestId,
      problem_id: data.problemId,
      display_id: data.displayId,
      display_title: data.displayTitle,
      color: data.color,
      created_at: data.addedAt,
      modified_at: data.addedAt,
    })
    .onConflict((conflict) => conflict.column('contest_problem_id').doNothing())
    .execute();
}

async function updateContestProblem(db: Db, data: Data<'ContestProblemChanged'>): Promise<void> {
  await db
    .updateTable('contest_problems')
    .set({
      display_id: data.displayId,
      display_title: data.displayTitle,
      color: data.color,
      modified_at: data.changedAt,
    })
    .where('contest_problem_id', '=', data.contestProblemId)
    .execute();
}

async function insertAnnouncement(db: Db, data: Data<'ContestAnnouncementPosted'>): Promise<void> {
  await db
    .insertInto('contest_announcements')
    .values({
      announcement_id: data.announcementId,
      contest_id: data.contestId,
      title: data.title,
      content: data.content,
      visible: data.visible,
      author_id: data.authorId,
      author_username: data.authorUsername,
      created_at: data.postedAt,
      modified_at: data.postedAt,
    })
    .onConflict((conflict) => conflict.column('announcement_id').doNothing())
    .execute();
}

async function updateAnnouncement(db: Db, data: Data<'ContestAnnouncementEdited'>): Promise<void> {
  await db
    .updateTable('contest_announcements')
    .set({ title: data.title, content: data.content, visible: data.visible, modified_at: data.editedAt })
    .where('announcement_id', '=', data.announcementId)
    .execute();
}

/** The live topic of the contest an event names (the contest pages refetch on it). */
export const contestTopicsOf = topicsOfNumberId('contestId', liveTopics.contest);

/** Contests, their problem links and announcements, as the list, info, problem and admin calls read them. */
export const contestsProjection: Projection = {
  name: 'contests',
  tables: ['contests', 'contest_problems', 'contest_announcements'],
  eventTypes: Object.keys(contestEventSchemas),
  async apply(event, transaction) {
    const parsed = parseContestEvent(event);
    if (!parsed) return;
    await applyContestEvent(transaction, event, parsed);
  },
  topicsFor: contestTopicsOf,
};
