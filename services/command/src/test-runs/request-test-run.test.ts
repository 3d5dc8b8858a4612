import { describe, it } from 'vitest';
import { someJudgeSettings } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import type { ContestForSubmission } from '../submissions/submit-contest-code';
import { requestTestRun, testRunModel, type RequestTestRun } from './request-test-run';
import { testRunMessages } from './test-runs.rejections';

const judge = someJudgeSettings();
const running: ContestForSubmission = {
  contestId: 5,
  createdBy: 'owner',
  visible: true,
  auth: 1,
  startAt: '2026-01-10T10:00:00.000Z',
  endAt: '2026-01-10T12:00:00.000Z',
  allowEndSubmit: false,
  openAccountLimit: false,
  accountLimitRule: null,
  isRegistered: false,
  contestProblem: { contestProblemId: 9, displayId: 'A' },
};
const testRun = (overrides: Partial<RequestTestRun> = {}): RequestTestRun => ({
  testRunKey: 'TEST_JUDGE_1',
  userId: 'alice',
  username: 'alice',
  isRoot: false,
  problem: { problemId: 3, auth: 1, judge },
  isProblemAdmin: false,
  linkedContests: [],
  language: 'Python3',
  code: 'print(input())',
  input: '1',
  expectedOutput: null,
  requestedAt: '2026-01-10T11:00:00.000Z',
  ...overrides,
});
const requested = (command: RequestTestRun) => ({
  type: 'TestRunRequested' as const,
  data: {
    testRunKey: command.testRunKey,
    userId: command.userId,
    problemId: 3,
    language: command.language,
    code: command.code,
    input: command.input,
    expectedOutput: null,
    judge,
    requestedAt: command.requestedAt,
  },
});

describe('requestTestRun', () => {
  it('starts a test run of a public problem', () => {
    given(testRunModel)
      .when(requestTestRun(testRun()))
      .then([requested(testRun())]);
  });

  it('F20: answers a hidden problem as missing to everyone but problem admins', () => {
    const hidden = { problemId: 3, auth: 2, judge };
    given(testRunModel)
      .when(requestTestRun(testRun({ problem: hidden })))
      .thenRejects(400, testRunMessages.problemMissing);
    const byAdmin = testRun({ problem: hidden, isProblemAdmin: true });
    given(testRunModel)
      .when(requestTestRun(byAdmin))
      .then([requested(byAdmin)]);
  });

  describe('F4/F20: a contest-only problem while a contest that links it has not ended', () => {
    const contestOnly = { problemId: 3, auth: 3, judge };
    it('refuses a user who may not submit to any linking contest', () => {
      for (const contest of [running, { ...running, isRegistered: true, visible: false }]) {
        given(testRunModel)
          .when(requestTestRun(testRun({ problem: contestOnly, linkedContests: [contest] })))
          .thenRejects(403, testRunMessages.contestOnlyProblem);
      }
    });
    it('accepts a contestant of a running linking contest, its creator and problem admins', () => {
      for (const command of [
        testRun({ problem: contestOnly, linkedContests: [{ ...running, isRegistered: true }] }),
        testRun({ problem: contestOnly, linkedContests: [running], userId: 'owner', username: 'owner' }),
        testRun({ problem: contestOnly, linkedContests: [running], isProblemAdmin: true }),
      ]) {
        given(testRunModel)
          .when(requestTestRun(command))
          .then([requested(command)]);
      }
    });
    it('accepts anyone once every linking contest has ended', () => {
      const after = testRun({
        problem: contestOnly,
        linkedContests: [running],
        requestedAt: '2026-01-10T12:00:00.000Z',
      });
      given(testRunModel)
        .when(requestTestRun(after))
        .then([requested(after)]);
    });
  });
});
