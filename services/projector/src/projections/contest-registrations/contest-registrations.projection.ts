import { parseContestEvent } from '@oj/events';
import type { Projection } from '../../runner/projection';
import { liveTopics } from '@oj/read-models/names';
import { topicsOfNumberId } from '../../runner/event-topics';

/** HOJ's contest_register rows: inserted if absent; cleared by a password change or the contest's deletion. */
export const contestRegistrationsProjection: Projection = {
  name: 'contest-registrations',
  tables: ['contest_registrations'],
  eventTypes: ['ContestantRegistered', 'ContestRegistrationsCleared', 'ContestDeleted'],
  async apply(event, transaction) {
    const parsed = parseContestEvent(event);
    if (!parsed) return;
    if (parsed.type === 'ContestantRegistered') {
      await transaction
        .insertInto('contest_registrations')
        .values({
          contest_id: parsed.data.contestId,
          user_id: parsed.data.userId,
          username: parsed.data.username,
          registered_at: parsed.data.registeredAt,
        })
        .onConflict((conflict) => conflict.columns(['contest_id', 'user_id']).doNothing())
        .execute();
    } else if (parsed.type === 'ContestRegistrationsCleared' || parsed.type === 'ContestDeleted') {
      // A later registration in the same stream is applied after this, so a replay ends in the same rows.
      await transaction.deleteFrom('contest_registrations').where('contest_id', '=', parsed.data.contestId).execute();
    }
  },
  topicsFor: topicsOfNumberId('contestId', liveTopics.contest),
};
