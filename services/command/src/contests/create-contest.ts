import type { ContestEvent } from '@oj/events';
import type { AdminContestBody } from '@oj/contracts';
import type { ContestState } from './contest.state';
import type { ContestActor } from './contest-actor';
import { contestSettingsOf } from './contest-settings';

export interface CreateContest {
  readonly contestId: number;
  readonly body: AdminContestBody;
  readonly actor: ContestActor;
  readonly createdAt: string;
}

/** POST /api/admin/contest: the creator is the caller (HOJ trusts the body's uid/author [quirk 20]; we do not). */
export const createContest =
  (command: CreateContest) =>
  (state: ContestState): ContestEvent[] => {
    if (state.contest) return [];
    const { type, settings } = contestSettingsOf(command.body);
    return [
      {
        type: 'ContestCreated',
        data: {
          contestId: command.contestId,
          type,
          createdBy: command.actor.userId,
          author: command.actor.username,
          groupId: null,
          settings,
          createdAt: command.createdAt,
        },
      },
    ];
  };
