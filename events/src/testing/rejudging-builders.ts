import type {
  RejudgingDiscarded,
  RejudgingItem,
  RejudgingStaged,
  RejudgingSubmissionJudged,
} from '../catalogue/rejudging';
import { someJudgeSettings } from './submission-builders';

export const aRejudgingId = '00000000-0000-4000-8000-00000000beef';

export function aRejudgingItem(overrides: Partial<RejudgingItem> = {}): RejudgingItem {
  return {
    submissionId: 1,
    attempt: 0,
    problemId: 1,
    contestId: null,
    userId: 'u-1',
    username: 'alice',
    status: 'WA',
    score: null,
    timeMs: 10,
    ...overrides,
  };
}

export function aRejudgingStaged(overrides: Partial<RejudgingStaged> = {}): RejudgingStaged {
  return {
    rejudgingId: aRejudgingId,
    filters: { contestId: null, problemId: 1, status: null, language: null, userId: null, from: null, to: null },
    reason: 'test data fixed',
    stagedBy: 'u-root',
    stagedAt: '2026-01-02T00:00:00.000Z',
    items: [aRejudgingItem()],
    settings: { '1': someJudgeSettings() },
    ...overrides,
  };
}

export function aRejudgingSubmissionJudged(
  overrides: Partial<RejudgingSubmissionJudged> = {},
): RejudgingSubmissionJudged {
  return {
    rejudgingId: aRejudgingId,
    submissionId: 1,
    status: 'AC',
    score: null,
    oiRankScore: null,
    timeMs: 12,
    memoryKib: 1024,
    errorMessage: null,
    judger: 'judge-1',
    judgedAt: '2026-01-02T00:01:00.000Z',
    ...overrides,
  };
}

export function aRejudgingDiscarded(overrides: Partial<RejudgingDiscarded> = {}): RejudgingDiscarded {
  return {
    rejudgingId: aRejudgingId,
    discardedBy: 'u-root',
    discardedAt: '2026-01-02T00:02:00.000Z',
    ...overrides,
  };
}
