import type { JudgeSettings, SubmissionEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { SubmissionState } from './submission.state';
import { submissionMessages } from './submissions.rejections';

/** HOJ's fixed language list for own-bank submissions (api-core §4 submit check 2). */
export const hojLanguages = [
  'C++',
  'C++ With O2',
  'C++ 17',
  'C++ 17 With O2',
  'C++ 20',
  'C++ 20 With O2',
  'C',
  'C With O2',
  'Python3',
  'Python2',
  'Java',
  'Golang',
  'C#',
  'PHP',
  'PyPy2',
  'PyPy3',
  'JavaScript Node',
  'JavaScript V8',
  'Ruby',
  'Rust',
] as const;

export const maxCodeLength = 65535;
const minCodeLength = 50;
/** Script languages whose short programs are real programs, so the 50-character floor is waived. */
const shortCodeLanguages = ['Py', 'PHP', 'Ruby', 'Rust', 'JavaScript'];

const languageList = (languages: readonly string[]) => `[${languages.join(', ')}]`;

/** The checks HOJ makes before the rate limit (api-core §4 checks 2–4), shared by submit and test run. */
export function checkCode(language: string, code: string): void {
  if (!(hojLanguages as readonly string[]).includes(language)) {
    throw new CommandRejected(400, submissionMessages.languageWrong, { languages: languageList(hojLanguages) });
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
  readonly languages: readonly string[];
  /** Null while the problem has no test case. */
  readonly judge: JudgeSettings | null;
}

export interface SubmitCode {
  readonly submissionId: number;
  readonly problem: ProblemForSubmission | null;
  readonly userId: string;
  readonly username: string;
  readonly language: string;
  readonly code: string;
  readonly submittedAt: string;
}

/** POST /api/submit-problem-judge after the switch, code and rate checks: the problem's own rules. */
export const submitCode =
  (command: SubmitCode) =>
  (state: SubmissionState): SubmissionEvent[] => {
    const { problem } = command;
    if (state.submission) return [];
    if (!problem) throw new CommandRejected(403, submissionMessages.problemMissing);
    // Contest-only problems (auth 3) are accepted here, as HOJ does; private ones are not.
    if (problem.auth === 2 || !problem.judge) throw new CommandRejected(403, submissionMessages.problemNotSubmittable);
    // HOJ skips this check [quirk, api-core §9.10]; a language the problem does not offer cannot be judged right.
    if (!problem.languages.includes(command.language)) {
      throw new CommandRejected(400, submissionMessages.languageWrong, { languages: languageList(problem.languages) });
    }
    return [
      {
        type: 'SubmissionCreated',
        data: {
          submissionId: command.submissionId,
          problemId: problem.problemId,
          problemDisplayId: problem.displayId,
          userId: command.userId,
          username: command.username,
          contestId: null,
          contestProblemId: null,
          groupId: null,
          language: command.language,
          code: command.code,
          submittedAt: command.submittedAt,
          judge: problem.judge,
        },
      },
    ];
  };
