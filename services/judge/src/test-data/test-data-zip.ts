// Zip parsing moved to @oj/platform: the command service unpacks uploads with the same rules the judge tests use.
export { parseTestDataZip, TestDataZipError, defaultMaxUnpackedBytes, type TestDataCase } from '@oj/platform';
