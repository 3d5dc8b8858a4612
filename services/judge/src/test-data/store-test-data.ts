// Moved to @oj/platform with the blob store.
export { storeTestData, type StoredTestCase } from '@oj/platform';
