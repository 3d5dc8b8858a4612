export { createProjectionTestbed, type ProjectionTestbed, type TestEvent } from './projection-testbed';
export {
  expectDuplicateDeliveryChangesNothing,
  expectIncrementalEqualsRebuild,
  type SnapshotQuery,
} from './projection-properties';
