import { contestStatusAt, matchesAccountRule, type ContestSettings } from '@oj/events';
import type { LocalizedText } from '@oj/platform';

/** A contest as the access and seal rules read it. */
export interface ContestFacts {
  readonly contestId: number;
  readonly type: 'ACM' | 'OI';
  readonly createdBy: string;
  readonly author: string;
  readonly visible: boolean;
  readonly settings: ContestSettings;
}

export interface Viewer {
  readonly userId: string;
  readonly username: string;
  readonly isRoot: boolean;
}

export const accessMessages = {
  contestMissing: { 'zh-CN': '对不起，该比赛不存在！', 'en-US': 'Sorry, this contest does not exist!' },
  notStarted: {
    'zh-CN': '比赛还未开始，您无权访问该比赛！',
    'en-US': 'The contest has not started: you cannot enter it yet!',
  },
  registerFirst: {
    'zh-CN': '对不起，请先到比赛首页输入比赛密码进行注册！',
    'en-US': 'Sorry, please register with the contest password on the contest home page first!',
  },
  accountRule: {
    'zh-CN': '对不起！本次比赛只允许特定账号规则的用户参赛！',
    'en-US': 'Sorry! Only accounts that follow the contest account rule may take part!',
  },
} as const satisfies Record<string, LocalizedText>;

/** §0 contest admin: root or the creator (group roots arrive with group contests). */
export const isContestAdmin = (contest: ContestFacts, viewer: Viewer | null): boolean =>
  viewer !== null && (viewer.isRoot || viewer.userId === contest.createdBy);

/** validateContestAuth (§2.3): null when allowed, else the status and message of the first failing step. */
export function contestAccessFailure(
  contest: ContestFacts | null,
  viewer: Viewer,
  isRegistered: boolean,
  now: Date,
): { status: 400 | 403; text: LocalizedText } | null {
  if (!contest || !contest.visible) return { status: 400, text: accessMessages.contestMissing };
  if (isContestAdmin(contest, viewer)) return null;
  if (contestStatusAt(contest.settings.startAt, contest.settings.endAt, now) === -1) {
    return { status: 403, text: accessMessages.notStarted };
  }
  if (contest.settings.auth === 1) {
    if (!isRegistered) return { status: 403, text: accessMessages.registerFirst };
    if (contest.settings.openAccountLimit && !matchesAccountRule(contest.settings.accountLimitRule, viewer.username)) {
      return { status: 403, text: accessMessages.accountRule };
    }
  }
  return null;
}

/** The seal decision (§2.10), per request. `forceRefresh` lifts it for contest admins only. */
export function isSealedFor(contest: ContestFacts, viewer: Viewer | null, forceRefresh: boolean, now: Date): boolean {
  const { sealRank, sealRankAt, endAt, autoRealRank } = contest.settings;
  if (!sealRank) return false;
  if (forceRefresh && isContestAdmin(contest, viewer)) return false;
  const time = now.getTime();
  const end = Date.parse(endAt);
  if (sealRankAt && Date.parse(sealRankAt) < time && time < end) return true;
  return time > end && !autoRealRank;
}
