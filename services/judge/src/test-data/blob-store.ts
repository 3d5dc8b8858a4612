// The blob store moved to @oj/platform so the command service can store uploads without importing the judge.
export {
  assertSha256,
  blobPath,
  BlobNotFoundError,
  createBlobStore,
  sha256Of,
  writeBlobFile,
  type BlobFiles,
  type BlobSource,
  type BlobStore,
} from '@oj/platform';
