import { parseContestEvent } from '@oj/events';
import type { Projection } from '../../runner/projection';

/** The AC helper's checked flags and the print queue (§1.2.1–1.2.5); a deleted contest drops both. */
export const contestAdminToolsProjection: Projection = {
  name: 'contest-admin-tools',
  tables: ['contest_ac_checks', 'contest_prints'],
  eventTypes: ['ContestAcCheckChanged', 'ContestPrintRequested', 'ContestPrintMarkedPrinted', 'ContestDeleted'],
  async apply(event, transaction) {
    const parsed = parseContestEvent(event);
    if (!parsed) return;
    switch (parsed.type) {
      case 'ContestAcCheckChanged':
        await transaction
          .insertInto('contest_ac_checks')
          .values({
            submission_id: parsed.data.submissionId,
            contest_id: parsed.data.contestId,
            checked: parsed.data.checked,
          })
          .onConflict((conflict) => conflict.column('submission_id').doUpdateSet({ checked: parsed.data.checked }))
          .execute();
        return;
      case 'ContestPrintRequested': {
        const data = parsed.data;
        await transaction
          .insertInto('contest_prints')
          .values({
            print_id: data.printId,
            contest_id: data.contestId,
            user_id: data.userId,
            username: data.username,
            realname: data.realname,
            content: data.content,
            status: 0,
            created_at: data.requestedAt,
          })
          .onConflict((conflict) => conflict.column('print_id').doNothing())
          .execute();
        return;
      }
      case 'ContestPrintMarkedPrinted':
        await transaction
          .updateTable('contest_prints')
          .set({ status: 1 })
          .where('print_id', '=', parsed.data.printId)
          .execute();
        return;
      case 'ContestDeleted':
        await transaction.deleteFrom('contest_ac_checks').where('contest_id', '=', parsed.data.contestId).execute();
        await transaction.deleteFrom('contest_prints').where('contest_id', '=', parsed.data.contestId).execute();
        return;
      default:
        return;
    }
  },
  topicsFor: (event) => {
    const data = event.data as { contestId?: unknown };
    return typeof data.contestId === 'number' ? [`contest-admin:${data.contestId}`] : [];
  },
};
