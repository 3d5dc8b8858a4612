import type { JudgeSettings, SubmissionEvent } from '@oj/events';
import { judgeableLanguageNames, submittableLanguages, type JudgeReport } from '@oj/platform';
import { CommandRejected } from '../handling/command-rejected';
import type { SubmissionState } from './submission.state';
import { submissionMessages } from './submissions.rejections';

export const maxCodeLength = 65535;
const minCodeLength = 50;
/**
 * Languages whose short programs are real programs, so the 50-character floor is waived: HOJ's script languages,
 * and the added ones whose A+B fits in fewer characters.
 */
const shortCodeLanguages = ['Py', 'PHP', 'Ruby', 'Rust', 'JavaScript', 'Haskell', 'OCaml', 'Lua', 'Perl', 'Lisp'];

const languageList = (languages: readonly string[]) => `[${languages.join(', ')}]`;

/**
 * The checks HOJ makes before the rate limit (api-core §4 checks 2–4), shared by submit and test run. With live
 * judges (their reports, gathered by the route), a language none of them runs is refused with HOJ's language
 * message listing the ones they do (issue 11: a language is offered only after its self-test passes).
 */
export function checkCode(language: string, code: string, liveJudges: readonly JudgeReport[] = []): void {
  const judgeable = judgeableLanguageNames(liveJudges);
  if (!submittableLanguages.includes(language) || (judgeable && !judgeable.includes(language))) {
    throw new CommandRejected(400, submissionMessages.languageWrong, {
      languages: languageList(judgeable ?? submittableLanguages),
    });
  }
  const isShortAllowed = shortCodeLanguages.some((fragment) => language.includes(fragment));
  if (!isShortAllowed && code.length < minCodeLength) throw new CommandRejected(400, submissionMessages.codeTooShort);
  if (code.length > maxCodeLength) throw new CommandRejected(400, submissionMessages.codeTooLong);
}

/** The problem as a submission needs it, read by the route from the problem bank. */
export interface ProblemForSubmission {
  readonly problemId: number;
  readonly displayId: string;
  /** 1 public, 2 private, 3 contest-only. */
  readonly auth: number;
  /** Whether the problem lets its solvers share their code (HOJ's `codeShare`, api-core §4 submission detail). */
  readonly codeShare: boolean;
  readonly languages: readonly string[];
  /** Null while the problem has no test case. */
  readonly judge: JudgeSettings | null;
}

/** A contest that links a problem, as the contest-only rule needs it. */
export interface ContestLink {
  readonly contestId: number;
  readonly endAt: string;
}

/** Root and problem_admin manage every problem of the bank, hidden and contest-only ones included. */
export const isProblemAdminRole = (role: string): boolean => role === 'root' || role === 'problem_admin';

/**
 * A contest-only problem (auth 3) is held while any contest that links it has not ended: outside the contest
 * it would give penalty-free verdicts, case results and an unsealed view of a sealed board (security F4).
 * HOJ accepts such practice runs [quirk dropped, api-core §4 check 6].
 */
export function isHeldByContest(problem: { readonly auth: number }, links: readonly ContestLink[], at: string) {
  const now = Date.parse(at);
  return problem.auth === 3 && links.some((link) => now < Date.parse(link.endAt));
}

/** What every submission carries, whatever the kind. */
export interface SubmissionDraft {
  readonly submissionId: number;
  readonly userId: string;
  readonly username: string;
  readonly language: string;
  readonly code: string;
  readonly submittedAt: string;
}

/** Where a contest submission belongs; null for a practice one. */
export interface ContestPlacement {
  readonly contestId: number;
  readonly contestProblemId: number;
}

/** The problem's own rules, shared by practice and contest submissions, then the created submission. */
export function problemSubmission(
  draft: SubmissionDraft,
  problem: ProblemForSubmission | null,
  placement: ContestPlacement | null,
): SubmissionEvent[] {
  if (!problem) throw new CommandRejected(403, submissionMessages.problemMissing);
  if (problem.auth === 2 || !problem.judge) throw new CommandRejected(403, submissionMessages.problemNotSubmittable);
  // HOJ skips this check [quirk, api-core §9.10]; a language the problem does not offer cannot be judged right.
  if (!problem.languages.includes(draft.language)) {
    throw new CommandRejected(400, submissionMessages.languageWrong, { languages: languageList(problem.languages) });
  }
  return [
    {
      type: 'SubmissionCreated',
      data: {
        submissionId: draft.submissionId,
        problemId: problem.problemId,
        problemDisplayId: problem.displayId,
        userId: draft.userId,
        username: draft.username,
        contestId: placement?.contestId ?? null,
        contestProblemId: placement?.contestProblemId ?? null,
        groupId: null,
        language: draft.language,
        code: draft.code,
        submittedAt: draft.submittedAt,
        judge: problem.judge,
      },
    },
  ];
}

/** What the route reads of the problem a submission or a resubmit is for. */
export interface ProblemFacts {
  /** The problem as the bank has it now (null: no such problem). */
  readonly problem: ProblemForSubmission | null;
  readonly isProblemAdmin: boolean;
  /** Every contest that links the problem (read only for contest-only problems; empty otherwise). */
  readonly linkedContests: readonly ContestLink[];
}

export type SubmitCode = SubmissionDraft & ProblemFacts;

/** POST /api/submit-problem-judge after the switch, code and rate checks: the problem's own rules. */
export const submitCode =
  (command: SubmitCode) =>
  (state: SubmissionState): SubmissionEvent[] => {
    if (state.submission) return [];
    const { problem } = command;
    if (problem && !command.isProblemAdmin && isHeldByContest(problem, command.linkedContests, command.submittedAt)) {
      throw new CommandRejected(403, submissionMessages.contestOnlyProblem);
    }
    return problemSubmission(command, problem, null);
  };
