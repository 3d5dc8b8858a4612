import type { ContestSettings, ContestType } from '@oj/events';
import type { AdminContestBody } from '@oj/contracts';
import { CommandRejected } from '../handling/command-rejected';
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
