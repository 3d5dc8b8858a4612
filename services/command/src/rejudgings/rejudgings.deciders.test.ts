import { describe, it } from 'vitest';
import type { RejudgingEvent } from '@oj/events';
import {
  aRejudgingDiscarded,
  aRejudgingId,
  aRejudgingItem,
  aRejudgingStaged,
  aRejudgingSubmissionJudged,
  someJudgeSettings,
} from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { applyRejudging, type ApplyRejudging } from './apply-rejudging';
import { discardRejudging } from './discard-rejudging';
import { rejudgingModel } from './rejudging.state';
import { rejudgingMessages } from './rejudgings.rejections';
import { stageRejudging, type StageRejudging } from './stage-rejudging';

const at = '2026-01-02T00:03:00.000Z';
const twoItems = [
  aRejudgingItem({ submissionId: 1 }),
  aRejudgingItem({ submissionId: 2, status: 'AC', userId: 'u-2' }),
];
const staged: RejudgingEvent = { type: 'RejudgingStaged', data: aRejudgingStaged({ items: twoItems }) };
const judged = (submissionId: number, status: 'AC' | 'WA' = 'AC'): RejudgingEvent => ({
  type: 'RejudgingSubmissionJudged',
  data: aRejudgingSubmissionJudged({ submissionId, status }),
});
const applied: RejudgingEvent = {
  type: 'RejudgingApplied',
  data: { rejudgingId: aRejudgingId, contestIds: [], results: [], skipped: [], appliedBy: 'u-root', appliedAt: at },
};
const discarded: RejudgingEvent = { type: 'RejudgingDiscarded', data: aRejudgingDiscarded() };

const stage = (overrides: Partial<StageRejudging> = {}): StageRejudging => ({
  rejudgingId: aRejudgingId,
  filters: aRejudgingStaged().filters,
  items: twoItems,
  settings: new Map([[1, someJudgeSettings()]]),
  reason: '  test data fixed ',
  stagedBy: 'u-root',
  stagedAt: '2026-01-02T00:00:00.000Z',
  ...overrides,
});
const liveAsStaged = new Map([
  [1, { attempt: 0, status: 'WA' as const }],
  [2, { attempt: 0, status: 'AC' as const }],
]);
const apply = (overrides: Partial<ApplyRejudging> = {}): ApplyRejudging => ({
  live: liveAsStaged,
  appliedBy: 'u-root',
  appliedAt: at,
  ...overrides,
});

describe('stageRejudging', () => {
  it('stages the selected submissions with the trimmed reason and one settings copy per problem', () => {
    given(rejudgingModel)
      .when(stageRejudging(stage()))
      .then([{ type: 'RejudgingStaged', data: aRejudgingStaged({ items: twoItems, reason: 'test data fixed' }) }]);
  });
  it('rejects a blank reason', () => {
    given(rejudgingModel)
      .when(stageRejudging(stage({ reason: '   ' })))
      .thenRejects(400, rejudgingMessages.reasonRequired);
  });
  it('rejects a reason over 500 characters', () => {
    given(rejudgingModel)
      .when(stageRejudging(stage({ reason: 'x'.repeat(501) })))
      .thenRejects(400, rejudgingMessages.reasonRequired);
  });
  it('rejects an empty selection', () => {
    given(rejudgingModel)
      .when(stageRejudging(stage({ items: [] })))
      .thenRejects(400, rejudgingMessages.nothingSelected);
  });
  it('rejects more than 500 submissions', () => {
    const items = Array.from({ length: 501 }, (_, index) => aRejudgingItem({ submissionId: index + 1 }));
    given(rejudgingModel)
      .when(stageRejudging(stage({ items })))
      .thenRejects(400, rejudgingMessages.tooMany);
  });
  it('rejects a submission whose problem has no settings any more', () => {
    given(rejudgingModel)
      .when(stageRejudging(stage({ settings: new Map() })))
      .thenRejects(400, rejudgingMessages.problemGone);
  });
  it('rejects staging the same rejudging twice', () => {
    given(rejudgingModel, staged).when(stageRejudging(stage())).thenRejects(400, rejudgingMessages.alreadyStaged);
  });
});

describe('applyRejudging', () => {
  it('applies every judged result on the attempt it was staged from', () => {
    given(rejudgingModel, staged, judged(1, 'AC'), judged(2, 'WA'))
      .when(applyRejudging(apply({ reason: 'checked' })))
      .then([
        {
          type: 'RejudgingApplied',
          data: {
            rejudgingId: aRejudgingId,
            contestIds: [],
            results: [
              {
                ...aRejudgingSubmissionJudged({ submissionId: 1, status: 'AC' }),
                attempt: 0,
                testDataVersion: '1',
                stagedFrom: 'WA' as const,
              },
              {
                ...aRejudgingSubmissionJudged({ submissionId: 2, status: 'WA' }),
                attempt: 0,
                testDataVersion: '1',
                stagedFrom: 'AC' as const,
              },
            ].map(({ rejudgingId: _id, ...result }) => result),
            skipped: [],
            appliedBy: 'u-root',
            appliedAt: at,
            reason: 'checked',
          },
        },
      ]);
  });
  it('skips a submission rejudged or set by hand after staging', () => {
    const live = new Map([
      [1, { attempt: 1, status: 'WA' as const }],
      [2, { attempt: 0, status: 'CA' as const }],
    ]);
    given(rejudgingModel, staged, judged(1), judged(2))
      .when(applyRejudging(apply({ live })))
      .then([
        {
          type: 'RejudgingApplied',
          data: {
            rejudgingId: aRejudgingId,
            contestIds: [],
            results: [],
            skipped: [1, 2],
            appliedBy: 'u-root',
            appliedAt: at,
          },
        },
      ]);
  });
  it('rejects applying while a submission is still judging', () => {
    given(rejudgingModel, staged, judged(1))
      .when(applyRejudging(apply()))
      .thenRejects(400, rejudgingMessages.stillJudging);
  });
  it('rejects applying twice', () => {
    given(rejudgingModel, staged, judged(1), judged(2), applied)
      .when(applyRejudging(apply()))
      .thenRejects(400, rejudgingMessages.alreadyApplied);
  });
  it('rejects applying a discarded rejudging', () => {
    given(rejudgingModel, staged, judged(1), judged(2), discarded)
      .when(applyRejudging(apply()))
      .thenRejects(400, rejudgingMessages.alreadyDiscarded);
  });
  it('rejects an unknown rejudging', () => {
    given(rejudgingModel).when(applyRejudging(apply())).thenRejects(404, rejudgingMessages.missing);
  });
});

describe('discardRejudging', () => {
  it('discards a rejudging while it judges', () => {
    given(rejudgingModel, staged, judged(1))
      .when(discardRejudging({ discardedBy: 'u-root', discardedAt: '2026-01-02T00:02:00.000Z' }))
      .then([discarded]);
  });
  it('rejects discarding an applied rejudging', () => {
    given(rejudgingModel, staged, judged(1), judged(2), applied)
      .when(discardRejudging({ discardedBy: 'u-root', discardedAt: at }))
      .thenRejects(400, rejudgingMessages.alreadyApplied);
  });
  it('rejects discarding twice', () => {
    given(rejudgingModel, staged, discarded)
      .when(discardRejudging({ discardedBy: 'u-root', discardedAt: at }))
      .thenRejects(400, rejudgingMessages.alreadyDiscarded);
  });
});
