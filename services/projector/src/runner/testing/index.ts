export { createProjectionTestbed, type ProjectionTestbed, type TestEvent } from './projection-testbed';
export {
  expectBatchEqualsOneByOne,
  expectDuplicateDeliveryChangesNothing,
  expectIncrementalEqualsRebuild,
  type SnapshotQuery,
} from './projection-properties';
