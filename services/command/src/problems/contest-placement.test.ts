import { describe, expect, it } from 'vitest';
import { CommandRejected } from '../handling/command-rejected';
import { placementForEdit, placementForNewProblem, type ContestFacts } from './contest-placement';
import { problemMessages } from './problems.rejections';

const contest: ContestFacts = { type: 'OI', createdBy: 'creator-uid', linksProblem: false };
const rejectionOf = (decide: () => unknown) => {
  try {
    decide();
  } catch (error) {
    return error instanceof CommandRejected ? { status: error.status, text: error.text } : error;
  }
  return null;
};

describe('placementForNewProblem', () => {
  it('forces the contest auth and type for root, problem admins and the contest creator', () => {
    for (const actor of [
      { userId: 'x', role: 'root' },
      { userId: 'y', role: 'problem_admin' },
      { userId: 'creator-uid', role: 'admin' },
    ]) {
      expect(placementForNewProblem(contest, actor)).toEqual({ contestType: 'OI', forcesContestAuth: true });
    }
  });

  it('refuses an admin who did not create the contest', () => {
    expect(rejectionOf(() => placementForNewProblem(contest, { userId: 'other', role: 'admin' }))).toEqual({
      status: 403,
      text: problemMessages.noContestPermission,
    });
  });

  it('refuses a missing contest', () => {
    expect(rejectionOf(() => placementForNewProblem(null, { userId: 'x', role: 'root' }))).toEqual({
      status: 400,
      text: problemMessages.contestMissing,
    });
  });
});

describe('placementForEdit', () => {
  it('takes the contest type and leaves the auth to the editor when the contest holds the problem', () => {
    expect(placementForEdit({ ...contest, linksProblem: true })).toEqual({
      contestType: 'OI',
      forcesContestAuth: false,
    });
  });

  it('refuses a contest that does not hold the problem', () => {
    expect(rejectionOf(() => placementForEdit(contest))).toEqual({ status: 400, text: problemMessages.contestMissing });
  });
});
