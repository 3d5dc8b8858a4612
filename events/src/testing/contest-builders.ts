import type { z } from 'zod';
import type {
  ContestSettings,
  contestCreatedSchema,
  contestProblemAddedSchema,
  contestantRegisteredSchema,
} from '../catalogue/contest';

type ContestCreated = z.infer<typeof contestCreatedSchema>;
type ContestProblemAdded = z.infer<typeof contestProblemAddedSchema>;
type ContestantRegistered = z.infer<typeof contestantRegisteredSchema>;

/** A public ACM contest from 10:00 to 15:00 UTC with HOJ's form defaults (§1.3 client form). */
export function someContestSettings(overrides: Partial<ContestSettings> = {}): ContestSettings {
  return {
    title: 'Weekly Contest',
    description: 'Solve them all.',
    source: '',
    auth: 0,
    password: null,
    startAt: '2026-01-10T10:00:00.000Z',
    endAt: '2026-01-10T15:00:00.000Z',
    durationSeconds: 18000,
    sealRank: false,
    sealRankAt: null,
    autoRealRank: true,
    openPrint: false,
    openRank: false,
    rankShowName: 'username',
    openAccountLimit: false,
    accountLimitRule: null,
    allowEndSubmit: false,
    starAccounts: [],
    oiRankScoreType: 'Recent',
    awardType: 0,
    awards: [],
    ...overrides,
  };
}

export function aContestCreated(overrides: Partial<ContestCreated> = {}): ContestCreated {
  return {
    contestId: 1,
    type: 'ACM',
    createdBy: 'root-uid',
    author: 'root',
    groupId: null,
    settings: someContestSettings(),
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aContestProblemAdded(overrides: Partial<ContestProblemAdded> = {}): ContestProblemAdded {
  return {
    contestId: 1,
    contestProblemId: 1,
    problemId: 1,
    displayId: 'A',
    displayTitle: 'A + B',
    color: null,
    addedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aContestantRegistered(overrides: Partial<ContestantRegistered> = {}): ContestantRegistered {
  return {
    contestId: 1,
    userId: 'alice-uid',
    username: 'alice',
    registeredAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
