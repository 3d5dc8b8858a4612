import type { ContestEvent, ContestSettings, ContestType } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { ContestState } from './contest.state';
import type { AdminContestBody } from '@oj/contracts';
import { contestMessages } from './contests.rejections';

const maxTitleLength = 500;
const maxDescriptionLength = 65535;

/**
 * ContestValidator.validateContest's checks in HOJ's order (§1.3), then the form as ContestSettings.
 * Times are stored as sent; duration defaults to end − start when the client sent none.
 */
export function contestSettingsOf(body: AdminContestBody): { type: ContestType; settings: ContestSettings } {
  const title = body.title ?? '';
  if (title.trim() === '') throw new CommandRejected(400, contestMessages.titleBlank);
  if (title.length > maxTitleLength) throw new CommandRejected(400, contestMessages.titleTooLong);
  if ((body.description ?? '').length > maxDescriptionLength) {
    throw new CommandRejected(400, contestMessages.descriptionTooLong);
  }
  if (body.type !== 0 && body.type !== 1) throw new CommandRejected(400, contestMessages.typeWrong);
  const oiRankScoreType = body.oiRankScoreType ?? 'Recent';
  if (oiRankScoreType !== 'Recent' && oiRankScoreType !== 'Highest') {
    if (body.type === 1) throw new CommandRejected(400, contestMessages.oiScoreTypeWrong);
  }
  const auth = body.auth ?? 0;
  if (auth !== 0 && auth !== 1 && auth !== 2) throw new CommandRejected(400, contestMessages.authWrong);
  const startAt = new Date(body.startTime).toISOString();
  const endAt = new Date(body.endTime).toISOString();
  const awardType = (body.awardType ?? 0) as 0 | 1 | 2;
  return {
    type: body.type === 0 ? 'ACM' : 'OI',
    settings: {
      title,
      description: body.description ?? '',
      source: body.source ?? '',
      auth,
      password: body.pwd ?? null,
      startAt,
      endAt,
      durationSeconds: body.duration ?? Math.floor((Date.parse(endAt) - Date.parse(startAt)) / 1000),
      sealRank: body.sealRank ?? false,
      sealRankAt: body.sealRankTime ? new Date(body.sealRankTime).toISOString() : null,
      autoRealRank: body.autoRealRank ?? true,
      openPrint: body.openPrint ?? false,
      openRank: body.openRank ?? false,
      rankShowName: body.rankShowName ?? 'username',
      openAccountLimit: body.openAccountLimit ?? false,
      accountLimitRule: body.accountLimitRule ?? null,
      allowEndSubmit: body.allowEndSubmit ?? false,
      starAccounts: body.starAccount ?? [],
      oiRankScoreType: oiRankScoreType === 'Highest' ? 'Highest' : 'Recent',
      awardType,
      // Stored only when awards are on, sorted by priority (§1.3).
      awards: awardType === 0 ? [] : [...(body.awardConfigList ?? [])].sort((a, b) => a.priority - b.priority),
    },
  };
}

export interface ContestActor {
  readonly userId: string;
  readonly username: string;
  readonly isRoot: boolean;
}

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

/** Root, or the contest's creator as its events record it: who may run a contest's admin calls. */
export const isOwner = (state: ContestState, actor: ContestActor) =>
  actor.isRoot || state.contest?.createdBy === actor.userId;

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

/** PUT /api/admin/contest/change-contest-visible: root or the creator (HOJ trusts a uid parameter [quirk 20]). */
export const changeContestVisibility =
  (command: { readonly visible: boolean; readonly actor: ContestActor; readonly changedAt: string }) =>
  (state: ContestState): ContestEvent[] => {
    const contest = state.contest;
    if (!contest) throw new CommandRejected(400, contestMessages.updateFailed);
    if (!isOwner(state, command.actor)) throw new CommandRejected(403, contestMessages.adminNoPermission);
    if (contest.visible === command.visible) return [];
    return [
      {
        type: 'ContestVisibilityChanged',
        data: {
          contestId: contest.contestId,
          visible: command.visible,
          changedBy: command.actor.userId,
          changedAt: command.changedAt,
        },
      },
    ];
  };

/** DELETE /api/admin/contest: root only (the route checks the role); nothing to delete → 400 "删除失败". */
export const deleteContest =
  (command: { readonly actor: ContestActor; readonly deletedAt: string }) =>
  (state: ContestState): ContestEvent[] => {
    if (!state.contest) throw new CommandRejected(400, contestMessages.deleteFailed);
    return [
      {
        type: 'ContestDeleted',
        data: { contestId: state.contest.contestId, deletedBy: command.actor.userId, deletedAt: command.deletedAt },
      },
    ];
  };
