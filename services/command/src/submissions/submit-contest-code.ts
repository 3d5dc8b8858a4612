import { z } from 'zod';
import { contestStatusAt, matchesAccountRule, type SubmissionEvent } from '@oj/events';
import type { LocalizedText } from '@oj/platform';
import { CommandRejected } from '../handling/command-rejected';
import type { SubmissionState } from './submission.state';
import type { ProblemForSubmission } from './submit-code';
import { submitCode } from './submit-code';

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

/** GET /api/admin/judge/rejudge-contest-problem (§1.2.8): pid is the problem id, not the display id. */
export const contestProblemRejudgeQuery = z.object({
  cid: z.coerce.number().int().positive(),
  pid: z.coerce.number().int().positive(),
});

/** The contest as submit needs it, read by the route from the contests and registrations read models. */
export interface ContestForSubmission {
  readonly contestId: number;
  readonly createdBy: string;
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

export interface SubmitContestCode {
  readonly submissionId: number;
  readonly contest: ContestForSubmission | null;
  readonly problem: ProblemForSubmission | null;
  readonly userId: string;
  readonly username: string;
  readonly isRoot: boolean;
  readonly language: string;
  readonly code: string;
  readonly submittedAt: string;
}

/** POST /api/submit-problem-judge with a cid: the contest rules of §2.4 in HOJ's order, then the problem's. */
export const submitContestCode =
  (command: SubmitContestCode) =>
  (state: SubmissionState): SubmissionEvent[] => {
    if (state.submission) return [];
    const { contest } = command;
    const reject = (status: 403 | 404, text: LocalizedText): never => {
      throw new CommandRejected(status, text);
    };
    if (!contest) return reject(404, contestSubmitMessages.contestMissing);
    const status = contestStatusAt(contest.startAt, contest.endAt, new Date(command.submittedAt));
    if (!contest.allowEndSubmit && status === 1) reject(403, contestSubmitMessages.ended);
    const isContestAdmin = command.isRoot || contest.createdBy === command.userId;
    if (!isContestAdmin) {
      if (status === -1) reject(403, contestSubmitMessages.notStarted);
      if (contest.auth !== 0 && !contest.isRegistered) reject(403, contestSubmitMessages.notRegistered);
      if (contest.openAccountLimit && !matchesAccountRule(contest.accountLimitRule, command.username)) {
        reject(403, contestSubmitMessages.accountRule);
      }
    }
    // HOJ answers HTTP 500 for an unknown display id; we give the contest's "no such problem" message.
    if (!contest.contestProblem) return reject(404, contestSubmitMessages.problemMissing);
    if (command.problem?.auth === 2) reject(403, contestSubmitMessages.problemHidden);
    const events = submitCode({ ...command, problem: command.problem })(state);
    return events.map((event) =>
      event.type === 'SubmissionCreated'
        ? {
            ...event,
            data: {
              ...event.data,
              contestId: contest.contestId,
              contestProblemId: contest.contestProblem?.contestProblemId ?? null,
            },
          }
        : event,
    );
  };
