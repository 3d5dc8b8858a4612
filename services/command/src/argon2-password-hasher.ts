// The hasher moved to @oj/platform: the query service's CCS basic auth verifies passwords with it too (docs/ccs.md).
export {
  argon2PasswordHasher,
  argon2idHasher,
  concurrencyLimit,
  defaultHashingLimits,
  type HashingLimits,
} from '@oj/platform';
