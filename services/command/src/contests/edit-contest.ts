import type { ContestEvent } from '@oj/events';
import type { AdminContestBody } from '@oj/contracts';
import { CommandRejected } from '../handling/command-rejected';
import type { ContestState } from './contest.state';
import { isOwner, type ContestActor } from './contest-actor';
import { contestSettingsOf } from './contest-settings';
import { contestMessages } from './contests.rejections';

/** PUT /api/admin/contest: root or the creator; a changed password of a non-public contest clears registrations. */
export const editContest =
  (command: { readonly body: AdminContestBody; readonly actor: ContestActor; readonly changedAt: string }) =>
  (state: ContestState): ContestEvent[] => {
    const contest = state.contest;
    if (!contest) throw new CommandRejected(400, contestMessages.updateFailed);
    if (!isOwner(state, command.actor)) throw new CommandRejected(403, contestMessages.adminNoPermission);
    const { type, settings } = contestSettingsOf(command.body);
    if (type !== contest.type) throw new CommandRejected(400, contestMessages.typeLocked);
    const contestId = contest.contestId;
    const events: ContestEvent[] = [
      {
        type: 'ContestSettingsChanged',
        data: { contestId, settings, changedBy: command.actor.userId, changedAt: command.changedAt },
      },
    ];
    if (settings.auth !== 0 && settings.password !== contest.settings.password && state.registeredUserIds.length > 0) {
      events.push({ type: 'ContestRegistrationsCleared', data: { contestId, clearedAt: command.changedAt } });
    }
    return events;
  };
