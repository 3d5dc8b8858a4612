import { contestAuth, contestStatus, contestType, type Contest } from '@/lib/contest-schemas';

/** The contest fields the client's rules read; every rule here is a plain function of them and the clock. */
type ContestFacts = Pick<Contest, 'startTime' | 'endTime' | 'auth' | 'type' | 'author'> &
  Partial<Pick<Contest, 'sealRank' | 'sealRankTime' | 'allowEndSubmit' | 'openPrint'>>;

type Viewer = { username: string; roleList: readonly string[] } | null;

const instant = (iso: string | null | undefined): number => (iso ? new Date(iso).getTime() : Number.NaN);

/** Reference §2.1: half-open intervals, derived from the clock and never stored. */
export const statusAt = (contest: Pick<Contest, 'startTime' | 'endTime'>, nowMs: number): number => {
  if (nowMs < instant(contest.startTime)) return contestStatus.scheduled;
  if (nowMs < instant(contest.endTime)) return contestStatus.running;
  return contestStatus.ended;
};

/** Client-side contest admin (reference §0): the author by username, or a super admin. */
export const isContestAdmin = (contest: Pick<Contest, 'author'>, viewer: Viewer): boolean =>
  viewer !== null && (viewer.roleList.includes('root') || (!!contest.author && contest.author === viewer.username));

/** Reference §2.10 ContestRealTimePermission: it ignores autoRealRank, as HOJ's client does. */
export const hasRealTimePermission = (contest: ContestFacts, nowMs: number, isAdmin: boolean): boolean =>
  statusAt(contest, nowMs) === contestStatus.ended ||
  isAdmin ||
  !contest.sealRank ||
  !contest.sealRankTime ||
  nowMs <= instant(contest.sealRankTime);

/** Spec 001 §6: menus are disabled for non-admins while scheduled, or private without entry access. */
export const isMenuDisabled = (contest: ContestFacts, nowMs: number, isAdmin: boolean, hasAccess: boolean): boolean =>
  !isAdmin &&
  (statusAt(contest, nowMs) === contestStatus.scheduled || (contest.auth === contestAuth.private && !hasAccess));

/** Whether the password form is shown on the overview: non-public contests the viewer has not registered for. */
export const needsPassword = (contest: ContestFacts, isAdmin: boolean, hasAccess: boolean): boolean =>
  !isAdmin && contest.auth !== contestAuth.public && !hasAccess;

export type SubmitBlock = 'signIn' | 'ended' | 'scheduled' | 'register' | null;

/** Reference §2.4 (client side): why the submit button is disabled, or null when it is enabled. */
export const submitBlock = (
  contest: ContestFacts,
  nowMs: number,
  viewer: { isSignedIn: boolean; isAdmin: boolean; hasAccess: boolean },
): SubmitBlock => {
  const status = statusAt(contest, nowMs);
  if (!viewer.isSignedIn) return 'signIn';
  if (status === contestStatus.ended && !contest.allowEndSubmit) return 'ended';
  if (status === contestStatus.scheduled && !viewer.isAdmin) return 'scheduled';
  if (contest.auth !== contestAuth.public && !viewer.isAdmin && !viewer.hasAccess) return 'register';
  return null;
};

/**
 * Reference §2.10: in an OI contest without real-time permission the verdict is hidden after a submit, and a
 * problem already submitted asks before it is overwritten.
 */
export const hidesVerdicts = (contest: ContestFacts, nowMs: number, isAdmin: boolean): boolean =>
  contest.type === contestType.oi && !hasRealTimePermission(contest, nowMs, isAdmin);

/** Reference §2.5: the include-after-contest switch is shown to everyone once an allowEndSubmit contest ended. */
export const showsContainsEnd = (contest: ContestFacts, nowMs: number): boolean =>
  !!contest.allowEndSubmit && statusAt(contest, nowMs) === contestStatus.ended;

export type ContestTab =
  | 'overview'
  | 'problems'
  | 'submissions'
  | 'rank'
  | 'announcements'
  | 'comment'
  | 'print'
  | 'acInfo'
  | 'adminPrint'
  | 'rejudge'
  | 'scrollBoard';

/** Spec 001 §2.2: which tabs the shell shows to this viewer. */
export const visibleTabs = (
  contest: ContestFacts,
  viewer: { isAdmin: boolean; isRoot: boolean; openContestComment: boolean },
): ContestTab[] => {
  const isAcm = contest.type === contestType.acm;
  const tabs: [ContestTab, boolean][] = [
    ['overview', true],
    ['problems', true],
    ['submissions', true],
    ['rank', true],
    ['announcements', true],
    ['comment', viewer.openContestComment],
    ['print', !!contest.openPrint],
    ['acInfo', viewer.isAdmin && isAcm],
    ['adminPrint', viewer.isAdmin && !!contest.openPrint],
    ['rejudge', viewer.isRoot],
    ['scrollBoard', viewer.isAdmin && isAcm],
  ];
  return tabs.filter(([, isShown]) => isShown).map(([tab]) => tab);
};

const pad = (value: number) => String(value).padStart(2, '0');

/** "hh:mm:ss" of a non-negative duration; hours may exceed 24. */
export const clockText = (ms: number): string => {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
};

const weekMs = 7 * 24 * 3600 * 1000;

export type Countdown =
  | { kind: 'startsIn'; text: string }
  | { kind: 'startsAt'; days: number }
  | { kind: 'remaining'; text: string }
  | { kind: 'ended' };

/** Reference §2.1: a countdown before the start (a humanised day count beyond a week), time left while running. */
export const countdown = (contest: Pick<Contest, 'startTime' | 'endTime'>, nowMs: number): Countdown => {
  const status = statusAt(contest, nowMs);
  if (status === contestStatus.ended) return { kind: 'ended' };
  if (status === contestStatus.running)
    return { kind: 'remaining', text: `-${clockText(instant(contest.endTime) - nowMs)}` };
  const left = instant(contest.startTime) - nowMs;
  if (left >= weekMs) return { kind: 'startsAt', days: Math.round(left / (24 * 3600 * 1000)) };
  return { kind: 'startsIn', text: `-${clockText(left)}` };
};

/** Progress in percent: 0 scheduled, elapsed share while running, 100 ended. */
export const progressPercent = (contest: Pick<Contest, 'startTime' | 'endTime'>, nowMs: number): number => {
  const start = instant(contest.startTime);
  const end = instant(contest.endTime);
  const status = statusAt(contest, nowMs);
  if (status === contestStatus.scheduled) return 0;
  if (status === contestStatus.ended || end <= start) return 100;
  return ((nowMs - start) / (end - start)) * 100;
};

/** Duration in seconds as "h:mm" for lists; HOJ stores it as sent by the admin client. */
export const durationText = (contest: Pick<Contest, 'startTime' | 'endTime' | 'duration'>): string => {
  const seconds = contest.duration ?? Math.floor((instant(contest.endTime) - instant(contest.startTime)) / 1000);
  return clockText(seconds * 1000).replace(/:00$/, '');
};
