import type { JudgeSettings } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import { isHeldByContest } from '../submissions/submit-code';
import {
  contestSubmitRefusal,
  type ContestForSubmission,
  type ContestSubmitter,
} from '../submissions/submit-contest-code';
import { testRunMessages } from './test-runs.rejections';

export interface RequestTestRun extends ContestSubmitter {
  readonly testRunKey: string;
  /** Null when no such problem (or it has no judge settings yet). */
  readonly problem: {
    readonly problemId: number;
    /** 1 public, 2 private, 3 contest-only. */
    readonly auth: number;
    readonly judge: JudgeSettings | null;
  } | null;
  readonly isProblemAdmin: boolean;
  /** Every contest that links the problem (read only for contest-only problems; empty otherwise). */
  readonly linkedContests: readonly ContestForSubmission[];
  readonly language: string;
  readonly code: string;
  readonly input: string;
  readonly expectedOutput: string | null;
  readonly requestedAt: string;
}

export interface TestRunState {
  readonly isRequested: boolean;
}

export type TestRunEvent = { readonly type: 'TestRunRequested'; readonly data: unknown };

/**
 * HOJ checks neither visibility nor contests here [quirk dropped, api-core §4]; a test run shows the limits, the
 * file names and, through compile errors, extra-file content (security F20). A hidden problem looks missing to
 * non-admins. A contest-only problem held by a contest (F4) takes test runs only from someone who may submit to
 * one of its contests now: HOJ's test-run body carries no cid, so every linking contest is tried.
 */
function refuseTestRun(command: RequestTestRun, problem: { readonly auth: number }): void {
  if (command.isProblemAdmin) return;
  if (problem.auth === 2) throw new CommandRejected(400, testRunMessages.problemMissing);
  if (!isHeldByContest(problem, command.linkedContests, command.requestedAt)) return;
  const mayRunInContest = command.linkedContests.some(
    (contest) => contestSubmitRefusal(contest, command, command.requestedAt) === null,
  );
  if (!mayRunInContest) throw new CommandRejected(403, testRunMessages.contestOnlyProblem);
}

/** The problem check of the test run, last in HOJ's order (api-core §4); the stream is new. */
export const requestTestRun =
  (command: RequestTestRun) =>
  (state: TestRunState): TestRunEvent[] => {
    if (state.isRequested) return [];
    const { problem } = command;
    if (!problem?.judge) throw new CommandRejected(400, testRunMessages.problemMissing);
    refuseTestRun(command, problem);
    return [
      {
        type: 'TestRunRequested',
        data: {
          testRunKey: command.testRunKey,
          userId: command.userId,
          problemId: problem.problemId,
          language: command.language,
          code: command.code,
          input: command.input,
          expectedOutput: command.expectedOutput,
          judge: problem.judge,
          requestedAt: command.requestedAt,
        },
      },
    ];
  };

export const testRunModel = {
  initialState: { isRequested: false } as TestRunState,
  evolve: (_state: TestRunState): TestRunState => ({ isRequested: true }),
  parse: (event: { readonly type: string; readonly data: unknown }): TestRunEvent | null =>
    event.type === 'TestRunRequested' ? { type: 'TestRunRequested', data: event.data } : null,
};
