import { contestStatusAt, matchesAccountRule, type SubmissionEvent } from '@oj/events';
import type { LocalizedText } from '@oj/platform';
import { CommandRejected } from '../handling/command-rejected';
import type { SubmissionState } from './submission.state';
import { problemSubmission, type ProblemForSubmission, type SubmissionDraft } from './submit-code';

/** Contest submit messages (api-contest-training.md §2.4; zh-CN is HOJ's text). */
export const contestSubmitMessages = {
  contestMissing: { 'zh-CN': '对不起，该比赛不存在！', 'en-US': 'Sorry, this contest does not exist!' },
  contestJudgeClosed: {
    'zh-CN': '网站当前未开启比赛题目评测的功能，禁止提交或调试！',
    'en-US': 'Contest judging is switched off on this site: submitting is not allowed!',
  },
  ended: { 'zh-CN': '比赛已结束，不可再提交！', 'en-US': 'The contest has ended: no more submissions!' },
  notStarted: { 'zh-CN': '比赛未开始，不可提交！', 'en-US': 'The contest has not started: you cannot submit yet!' },
  notRegistered: {
    'zh-CN': '对不起，请你先注册该比赛，提交代码失败！',
    'en-US': 'Sorry, please register for the contest first: the code was not submitted!',
  },
  accountRule: {
    'zh-CN': '对不起！本次比赛只允许符合特定账号规则的用户参赛！',
    'en-US': 'Sorry! Only accounts that follow the contest account rule may take part!',
  },
  problemMissing: { 'zh-CN': '该比赛题目不存在', 'en-US': 'This contest problem does not exist' },
  nothingToRejudge: {
    'zh-CN': '当前该题目无提交，不可重判！',
    'en-US': 'This problem has no submissions to rejudge!',
  },
  contestProblemRejudged: {
    'zh-CN': '重判成功！该题目对应的全部提交已进入判题队列！',
    'en-US': 'Rejudge started: every submission of this problem is queued!',
  },
  problemHidden: {
    'zh-CN': '错误！当前题目已被隐藏，不可提交！',
    'en-US': 'Error! This problem is hidden and cannot be submitted!',
  },
} as const satisfies Record<string, LocalizedText>;

/** The contest as submit needs it, read by the route from the contests and registrations read models. */
export interface ContestForSubmission {
  readonly contestId: number;
  readonly createdBy: string;
  readonly visible: boolean;
  readonly auth: number;
  readonly startAt: string;
  readonly endAt: string;
  readonly allowEndSubmit: boolean;
  readonly openAccountLimit: boolean;
  readonly accountLimitRule: string | null;
  readonly isRegistered: boolean;
  /** The contest problem behind the display id, or null when the contest has none. */
  readonly contestProblem: { readonly contestProblemId: number; readonly displayId: string } | null;
}

/** Who submits, as the contest rules need it. */
export interface ContestSubmitter {
  readonly userId: string;
  readonly username: string;
  readonly isRoot: boolean;
}

export interface ContestRefusal {
  readonly status: 403 | 404;
  readonly text: LocalizedText;
}

/**
 * The contest rules of §2.4 in HOJ's order, or null when the submitter may submit to the contest at `at`.
 * An invisible contest is "missing" to everyone but its admins (security F13; HOJ accepts the submission).
 */
export function contestSubmitRefusal(
  contest: ContestForSubmission,
  submitter: ContestSubmitter,
  at: string,
): ContestRefusal | null {
  const isContestAdmin = submitter.isRoot || contest.createdBy === submitter.userId;
  if (!contest.visible && !isContestAdmin) return { status: 404, text: contestSubmitMessages.contestMissing };
  const status = contestStatusAt(contest.startAt, contest.endAt, new Date(at));
  if (!contest.allowEndSubmit && status === 1) return { status: 403, text: contestSubmitMessages.ended };
  if (isContestAdmin) return null;
  if (status === -1) return { status: 403, text: contestSubmitMessages.notStarted };
  if (contest.auth !== 0 && !contest.isRegistered) return { status: 403, text: contestSubmitMessages.notRegistered };
  if (contest.openAccountLimit && !matchesAccountRule(contest.accountLimitRule, submitter.username)) {
    return { status: 403, text: contestSubmitMessages.accountRule };
  }
  return null;
}

export interface SubmitContestCode extends SubmissionDraft, ContestSubmitter {
  readonly contest: ContestForSubmission | null;
  readonly problem: ProblemForSubmission | null;
}

/** POST /api/submit-problem-judge with a cid: the contest rules of §2.4 in HOJ's order, then the problem's. */
export const submitContestCode =
  (command: SubmitContestCode) =>
  (state: SubmissionState): SubmissionEvent[] => {
    if (state.submission) return [];
    const { contest } = command;
    if (!contest) throw new CommandRejected(404, contestSubmitMessages.contestMissing);
    const refusal = contestSubmitRefusal(contest, command, command.submittedAt);
    if (refusal) throw new CommandRejected(refusal.status, refusal.text);
    // HOJ answers HTTP 500 for an unknown display id; we give the contest's "no such problem" message.
    if (!contest.contestProblem) throw new CommandRejected(404, contestSubmitMessages.problemMissing);
    if (command.problem?.auth === 2) throw new CommandRejected(403, contestSubmitMessages.problemHidden);
    return problemSubmission(command, command.problem, {
      contestId: contest.contestId,
      contestProblemId: contest.contestProblem.contestProblemId,
    });
  };
