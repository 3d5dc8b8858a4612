import { describe, expect, it } from 'vitest';
import {
  adminProjectionsTopic,
  contestScoreboardTopic,
  rejudgingTopic,
  rejudgingsTopic,
  submissionTopic,
} from '@oj/contracts';
import { liveTopics } from '@oj/read-models/names';

// @oj/contracts imports no other workspace (lint), so the web's topic builders are spelled there again:
// this keeps them equal to the names the projector notifies (@oj/read-models/names).
describe('live topics the web subscribes to', () => {
  it('are the topics the projections notify', () => {
    expect(contestScoreboardTopic(42)).toBe(liveTopics.contestScoreboard(42));
    expect(submissionTopic(1001)).toBe(liveTopics.submission(1001));
    const rejudgingId = '00000000-0000-4000-8000-00000000beef';
    expect(rejudgingTopic(rejudgingId)).toBe(liveTopics.rejudging(rejudgingId));
    expect(rejudgingsTopic).toBe(liveTopics.rejudgings);
    expect(adminProjectionsTopic).toBe(liveTopics.adminProjections);
  });
});
