import { describe, expect, it } from 'vitest';
import { someJudgeSettings } from '@oj/events/testing';
import { CommandRejected } from '../handling/command-rejected';
import { initialSubmissionState } from './submission.state';
import { contestSubmitMessages, submitContestCode, type ContestForSubmission } from './submit-contest-code';

const contest: ContestForSubmission = {
  contestId: 5,
  createdBy: 'owner',
  visible: true,
  auth: 2,
  startAt: '2026-01-10T10:00:00.000Z',
  endAt: '2026-01-10T12:00:00.000Z',
  allowEndSubmit: false,
  openAccountLimit: false,
  accountLimitRule: null,
  isRegistered: true,
  contestProblem: { contestProblemId: 9, displayId: 'A' },
};
const command = {
  submissionId: 100,
  contest,
  problem: {
    problemId: 3,
    displayId: 'P3',
    auth: 3,
    codeShare: true,
    languages: ['C++'],
    judge: someJudgeSettings(),
  },
  userId: 'alice',
  username: 'alice',
  isRoot: false,
  language: 'C++',
  code: 'int main() { return 0; } // long enough to be a program at all, padded',
  submittedAt: '2026-01-10T11:00:00.000Z',
};

const rejection = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof CommandRejected ? [error.status, error.text] : error;
  }
  return null;
};

describe('submitContestCode', () => {
  it('creates a contest submission that names the contest and its contest problem', () => {
    const [event] = submitContestCode(command)(initialSubmissionState);
    expect(event).toMatchObject({
      type: 'SubmissionCreated',
      data: { contestId: 5, contestProblemId: 9, problemId: 3 },
    });
  });

  it.each([
    ['missing contest', { contest: null }, 404, contestSubmitMessages.contestMissing],
    ['ended', { submittedAt: '2026-01-10T12:00:00.000Z' }, 403, contestSubmitMessages.ended],
    ['scheduled', { submittedAt: '2026-01-10T09:59:59.000Z' }, 403, contestSubmitMessages.notStarted],
    ['not registered', { contest: { ...contest, isRegistered: false } }, 403, contestSubmitMessages.notRegistered],
    [
      'outside the account rule',
      { contest: { ...contest, openAccountLimit: true, accountLimitRule: '<extra>bob</extra>' } },
      403,
      contestSubmitMessages.accountRule,
    ],
    [
      'unknown display id',
      { contest: { ...contest, contestProblem: null } },
      404,
      contestSubmitMessages.problemMissing,
    ],
  ])('rejects a submission when %s', (_name, change, status, text) => {
    expect(rejection(() => submitContestCode({ ...command, ...change })(initialSubmissionState))).toEqual([
      status,
      text,
    ]);
  });

  it('lets the creator submit before the start but not after the end without allowEndSubmit', () => {
    const owner = { ...command, userId: 'owner', contest: { ...contest, isRegistered: false } };
    expect(
      submitContestCode({ ...owner, submittedAt: '2026-01-10T09:00:00.000Z' })(initialSubmissionState),
    ).toHaveLength(1);
    expect(
      rejection(() => submitContestCode({ ...owner, submittedAt: '2026-01-10T13:00:00.000Z' })(initialSubmissionState)),
    ).toEqual([403, contestSubmitMessages.ended]);
  });

  it('accepts after-contest submissions when allowEndSubmit is on', () => {
    const late = { ...command, contest: { ...contest, allowEndSubmit: true }, submittedAt: '2026-01-10T13:00:00.000Z' };
    expect(submitContestCode(late)(initialSubmissionState)).toHaveLength(1);
  });

  it('F13: refuses a submission to an invisible contest as if it did not exist, except from its admins', () => {
    const hidden = { ...command, contest: { ...contest, visible: false } };
    expect(rejection(() => submitContestCode(hidden)(initialSubmissionState))).toEqual([
      404,
      contestSubmitMessages.contestMissing,
    ]);
    expect(submitContestCode({ ...hidden, userId: 'owner' })(initialSubmissionState)).toHaveLength(1);
    expect(submitContestCode({ ...hidden, userId: 'root-uid', isRoot: true })(initialSubmissionState)).toHaveLength(1);
  });

  it('F4: accepts a contest-only problem inside its running contest', () => {
    expect(submitContestCode(command)(initialSubmissionState)).toHaveLength(1);
  });
});
