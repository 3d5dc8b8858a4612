export { createProjectionTestbed, type ProjectionTestbed, type TestEvent } from './projection-testbed';
export {
  expectBatchEqualsOneByOne,
  expectDuplicateDeliveryChangesNothing,
  expectFoldEqualsProjectionAtEveryEvent,
  expectIncrementalEqualsRebuild,
  type SnapshotQuery,
} from './projection-properties';
export {
  expectRuleMatchesReference,
  expectSealedEqualsLiveBeforeSeal,
  referenceRanker,
  type BoardFlags,
  type RankingRule,
} from './ranking-properties';
export {
  contestHistories,
  type ContestHistory,
} from '../../projections/contest-scoreboards/scoreboard-histories.fixture';
export {
  referenceAcmBoard,
  referenceOiBoard,
  type ReferenceContest,
  type ReferenceRecord,
  type ReferenceRow,
} from '../../projections/contest-scoreboards/reference-scoreboard.fixture';
