import { adminFormFieldsOf, type ContestEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { ContestState } from './contest.state';
import type { AdminContestBody } from '@oj/contracts';
import { contestMessages } from './contests.rejections';
import type { ContestActor } from './contest-actor';
import { createContest } from './create-contest';

type ClonedContest = NonNullable<ContestState['contest']>;

export interface CloneContest {
  /** The new contest's id. */
  readonly contestId: number;
  /** The original as its own stream folds it; null when it does not exist (or was deleted). */
  readonly original: ClonedContest | null;
  readonly actor: ContestActor;
  readonly clonedAt: string;
}

/** The original's settings as the back office's form would send them, so the clone passes the create checks. */
function formOf(original: ClonedContest): AdminContestBody {
  return {
    ...adminFormFieldsOf(original.settings),
    title: `${original.settings.title} [Cloned]`,
    type: original.type === 'ACM' ? 0 : 1,
    source: String(original.contestId),
  };
}

/**
 * GET /api/admin/contest/clone (§1.3), decided on the new contest's stream: the original's settings only (no
 * problems, registrations or announcements), the caller as creator, the original id as source, " [Cloned]" after
 * the title, and the original's visibility. Root or the original's creator only: HOJ lets any admin clone any
 * contest, which hands them a private contest's password and settings.
 */
export const cloneContest =
  (command: CloneContest) =>
  (state: ContestState): ContestEvent[] => {
    const original = command.original;
    if (!original) throw new CommandRejected(400, contestMessages.cloneMissing);
    if (!command.actor.isRoot && original.createdBy !== command.actor.userId) {
      throw new CommandRejected(403, contestMessages.adminNoPermission);
    }
    const form = formOf(original);
    const events = createContest({ ...command, body: form, createdAt: command.clonedAt })(state);
    if (events.length === 0 || original.visible) return events;
    const hidden: ContestEvent = {
      type: 'ContestVisibilityChanged',
      data: {
        contestId: command.contestId,
        visible: false,
        changedBy: command.actor.userId,
        changedAt: command.clonedAt,
      },
    };
    return [...events, hidden];
  };
