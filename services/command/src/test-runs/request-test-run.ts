import type { JudgeSettings } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import { testRunMessages } from './test-runs.rejections';

export interface RequestTestRun {
  readonly testRunKey: string;
  readonly userId: string;
  /** Null when no such problem (or it has no judge settings yet). */
  readonly problem: { readonly problemId: number; readonly judge: JudgeSettings | null } | null;
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

/** The problem check of the test run, last in HOJ's order (api-core §4); the stream is new. */
export const requestTestRun =
  (command: RequestTestRun) =>
  (state: TestRunState): TestRunEvent[] => {
    if (state.isRequested) return [];
    const { problem } = command;
    if (!problem?.judge) throw new CommandRejected(400, testRunMessages.problemMissing);
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
