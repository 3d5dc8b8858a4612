import { describe, expect, it } from 'vitest';
import type { ContestEvent } from '@oj/events';
import { aContestCreated, aContestProblemAdded } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { contestModel } from './contest.state';
import { contestMessages } from './contests.rejections';
import { addContestProblem } from './add-contest-problem';
import { saveContestProblem } from './save-contest-problem';

const at = '2026-01-09T10:00:00.000Z';
const creator = { userId: 'creator-uid', mayManageAnyContest: false };
const otherAdmin = { userId: 'other-uid', mayManageAnyContest: false };
const problemAdmin = { userId: 'pa-uid', mayManageAnyContest: true };
const created: ContestEvent = { type: 'ContestCreated', data: aContestCreated({ createdBy: 'creator-uid' }) };
const linkedA: ContestEvent = {
  type: 'ContestProblemAdded',
  data: aContestProblemAdded({ contestProblemId: 5, problemId: 11, displayId: 'A', displayTitle: 'Sum' }),
};
const bankProblem = { problemId: 12, title: 'Product' };
const save = (overrides: Partial<Parameters<typeof saveContestProblem>[0]> = {}) =>
  saveContestProblem({
    contestProblemId: null,
    newContestProblemId: 6,
    problem: bankProblem,
    displayId: 'B',
    displayTitle: 'Times',
    color: '#f00',
    actor: creator,
    savedAt: at,
    ...overrides,
  });

describe('saveContestProblem (PUT /api/admin/contest/contest-problem)', () => {
  it('links a bank problem the contest does not hold yet when the body has no id', () => {
    given(contestModel, created, linkedA)
      .when(save())
      .then([
        {
          type: 'ContestProblemAdded',
          data: {
            contestId: 1,
            contestProblemId: 6,
            problemId: 12,
            displayId: 'B',
            displayTitle: 'Times',
            color: '#f00',
            addedAt: at,
          },
        },
      ]);
  });

  it('takes the problem title when a new link comes without a display title', () => {
    given(contestModel, created)
      .when(save({ displayTitle: ' ' }))
      .then([
        {
          type: 'ContestProblemAdded',
          data: expect.objectContaining({ displayTitle: 'Product' }) as never,
        },
      ]);
  });

  it('changes the link of pid when the body has no id but the contest already holds the problem', () => {
    given(contestModel, created, linkedA)
      .when(save({ problem: { problemId: 11, title: 'Sum' }, displayId: 'A', displayTitle: 'Sum!' }))
      .then([
        {
          type: 'ContestProblemChanged',
          data: {
            contestId: 1,
            contestProblemId: 5,
            displayId: 'A',
            displayTitle: 'Sum!',
            color: '#f00',
            changedAt: at,
          },
        },
      ]);
  });

  it('changes the link named by id', () => {
    given(contestModel, created, linkedA)
      .when(save({ contestProblemId: 5, problem: null, displayId: 'Z', displayTitle: 'Sum', color: null }))
      .then([
        {
          type: 'ContestProblemChanged',
          data: { contestId: 1, contestProblemId: 5, displayId: 'Z', displayTitle: 'Sum', color: null, changedAt: at },
        },
      ]);
  });

  it('rejects an id the contest has no link for', () => {
    given(contestModel, created, linkedA)
      .when(save({ contestProblemId: 99 }))
      .thenRejects(400, contestMessages.contestProblemUpdateFailed);
  });

  it('rejects a new link to a problem that is not in the bank', () => {
    given(contestModel, created)
      .when(save({ problem: null }))
      .thenRejects(400, contestMessages.contestProblemUpdateFailed);
  });

  it('rejects a new link whose display id another link holds', () => {
    given(contestModel, created, linkedA)
      .when(save({ displayId: 'A' }))
      .thenRejects(400, contestMessages.addProblemDuplicate);
  });

  it('rejects an admin who did not create the contest, and lets a problem admin in', () => {
    given(contestModel, created, linkedA)
      .when(save({ actor: otherAdmin }))
      .thenRejects(403, contestMessages.adminNoPermission);
    given(contestModel, created, linkedA)
      .when(save({ contestProblemId: 5, actor: otherAdmin }))
      .thenRejects(403, contestMessages.adminNoPermission);
    given(contestModel, created)
      .when(save({ actor: problemAdmin }))
      .then([{ type: 'ContestProblemAdded', data: expect.objectContaining({ problemId: 12 }) as never }]);
  });

  it('rejects a missing contest', () => {
    given(contestModel).when(save()).thenRejects(400, contestMessages.contestProblemUpdateFailed);
  });

  it('appends nothing when the link already reads as sent', () => {
    given(contestModel, created, linkedA)
      .when(save({ contestProblemId: 5, displayId: 'A', displayTitle: 'Sum', color: null }))
      .then([]);
  });
});

describe('addContestProblem (POST /api/admin/contest/add-problem-from-public)', () => {
  const add = (actor = creator) =>
    addContestProblem({ contestProblemId: 6, problem: bankProblem, displayId: 'B', actor, addedAt: at });

  it('links with the problem title as display title', () => {
    given(contestModel, created)
      .when(add())
      .then([
        {
          type: 'ContestProblemAdded',
          data: {
            contestId: 1,
            contestProblemId: 6,
            problemId: 12,
            displayId: 'B',
            displayTitle: 'Product',
            color: null,
            addedAt: at,
          },
        },
      ]);
  });

  it('rejects an admin who did not create the contest', () => {
    given(contestModel, created).when(add(otherAdmin)).thenRejects(403, contestMessages.adminNoPermission);
  });
});
