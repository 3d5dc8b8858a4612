export { createPool, type PoolOptions } from './database/create-pool';
export { createKysely } from './database/create-kysely';
export { migrateDatabase } from './database/migrate-database';
export {
  awaitProjections,
  checkpointsReached,
  readModelChangedChannel,
  type AwaitProjectionsOptions,
} from './checkpoints/await-projections';
export { readModelChangeSchema, readModelChangePayloads, type ReadModelChange } from './checkpoints/read-model-change';
export { parseEnvironment, ConfigurationError } from './config/parse-environment';
export {
  apiServiceEnvironment,
  blankIsUnset,
  logLevelVariable,
  workerHealthAddress,
  workerHealthEnvironment,
} from './config/environment-variables';
export { createLogger, loggerOptions, type Logger, type LoggerSettings } from './logging/logger';
export { systemClock, manualClock, type Clock } from './clock/clock';
export { abortablePause, untilAborted } from './clock/abortable-pause';
export {
  locales,
  defaultLocale,
  pickLocale,
  renderText,
  type Locale,
  type LocalizedText,
  type TextParameters,
} from './i18n/localized-text';
export { platformMessages } from './i18n/platform-messages';
export { ApiError, type BodyStatus } from './http/api-error';
export { envelope, success, type Envelope } from './http/envelope';
export { installErrorHandler, installNotFoundEnvelope, sendError, type MessageCatalogue } from './http/error-handler';
export {
  apiServerOptions,
  clientCorrelationIdOf,
  defaultBodyLimitBytes,
  largeBodyLimitBytes,
} from './http/server-options';
export { cutText } from './http/cut-text';
export {
  bareReply,
  hojReply,
  installReplyChecking,
  nonJsonReply,
  replyCheckModes,
  ReplyMismatch,
  type NonJsonReply,
  type ReplyCheckMode,
} from './http/reply-schemas';
export { installRequestChecking, type RequestSchemas, type ZodRequests } from './http/request-schemas';
export { installFormBodyParser, formBodyLimitBytes } from './http/form-body';
export { permissionNames, rolePermissions, adminRoles, hasPermission, type Permission } from './auth/permissions';
export {
  createTokenService,
  defaultTokenLifetimeSeconds,
  defaultRefreshAfterSeconds,
  type TokenService,
  type TokenClaims,
  type TokenSettings,
} from './auth/tokens';
export { principalLoader, type Principal, type PrincipalLoader } from './auth/principal';
export {
  argon2PasswordHasher,
  argon2idHasher,
  concurrencyLimit,
  defaultHashingLimits,
  type HashingLimits,
  type PasswordHasher,
} from './auth/argon2-password-hasher';
export {
  basicCredentialsOf,
  checkPassword,
  credentialsFromStore,
  signInLimiters,
  type FindCredentials,
  type PasswordCheck,
  type PasswordSignIn,
  type SignInLimiters,
} from './auth/password-sign-in';
export {
  installAuthentication,
  principalOf,
  sendToken,
  type AccessRule,
  type CallClass,
  type AuthenticationDependencies,
} from './auth/authenticate';
export { createMailer, type Mail, type Mailer, type MailerSettings } from './mail/mailer';
export { readOrCreateSecret, secretsDirectory, type SecretFile } from './embedded/secret-file';
export { findFreePort } from './embedded/free-port';
export { natsConnectionOptions, type NatsConnectionOptions } from './embedded/nats-connection-options';
export { createEphemeralStore, type EphemeralStore } from './ephemeral/ephemeral-store';
export {
  attemptLimiter,
  clientAddressOf,
  installAbuseLimits,
  perAddress,
  tooManyRequests,
  type AttemptLimit,
  type AttemptLimiter,
} from './rate-limit/abuse-limits';
export { createTextSealer, isSealedText, type TextSealer } from './sealing/text-sealer';
export {
  assertSha256,
  blobPath,
  BlobNotFoundError,
  createBlobStore,
  restrictBlobPermissions,
  sha256Of,
  writeBlobFile,
  type BlobFiles,
  type BlobSource,
  type BlobStore,
} from './blobs/blob-store';
export {
  parseTestDataZip,
  TestDataZipError,
  defaultMaxUnpackedBytes,
  type TestDataCase,
} from './test-data-zip/test-data-zip';
export { pairTestCaseFiles, type PairedCase } from './test-data-zip/case-pairing';
export { normaliseLineEndings } from './test-data-zip/line-endings';
export { storeTestData, type StoredTestCase } from './test-data-zip/store-test-data';
export {
  offeredLanguages,
  submittableLanguages,
  findOfferedLanguage,
  findOfferedLanguageById,
  type OfferedLanguage,
} from './languages/offered-languages';
export { zipFiles } from './test-data-zip/test-data-archive';
export {
  judgeReportSchema,
  defaultJudgeReportSubject,
  judgeReportRequestSubject,
  judgeReportIntervalMs,
  judgeReportLifetimeMs,
  machineLoad,
  liveJudgeReports,
  languagesOfferedBy,
  judgeableLanguageNames,
  type JudgeReport,
} from './judges/judge-report';
export { judgeDirectory, type JudgeDirectory, type JudgeReportLink } from './judges/judge-directory';
export {
  boundedCheck,
  serveWorkerHealth,
  type WorkerCheck,
  type WorkerHealthOptions,
  type WorkerHealthServer,
} from './health/worker-health-server';
export { databaseCheck, natsCheck } from './health/dependency-checks';
