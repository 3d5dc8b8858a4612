import { randomUUID } from 'node:crypto';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { EventStore } from '@oj/events';
import type { Database } from '@oj/read-models';
import {
  argon2PasswordHasher,
  createBlobStore,
  createEphemeralStore,
  createTextSealer,
  installAuthentication,
  installAbuseLimits,
  installErrorHandler,
  installReplyChecking,
  installRequestChecking,
  type ReplyCheckMode,
  installFormBodyParser,
  principalLoader,
  systemClock,
  type BlobStore,
  type Clock,
  type Mailer,
  type TokenService,
} from '@oj/platform';
import type { AwaitProjections } from './handling/await-projection';
import type { CommandContext } from './command-context';
import {
  natsCompileCheckerClient,
  defaultCompileCheckerSubject,
} from './problems/compile-checker/compile-checker-client';
import { compileCheckerRoutes } from './problems/compile-checker.routes';
import { problemsRoutes } from './problems/problems.routes';
import { problemValidationMessages } from './problems/problems.rejections';
import { contestValidationMessages } from './contests/contests.rejections';
import { testDataRoutes } from './problems/test-data/test-data.routes';
import { siteSettingsReader } from './site/site-reads/site-settings';
import { checkerIncludeRoutes } from './site/checker-include.routes';
import { siteRoutes } from './site/site.routes';
import { natsJudgeDirectory } from './submissions/submission-reads/live-judges';
import { submissionsRoutes } from './submissions/submissions.routes';
import { rejudgingsRoutes } from './rejudgings/rejudgings.routes';
import { testRunsRoutes } from './test-runs/test-runs.routes';
import { tagsRoutes } from './tags/tags.routes';
import { tagValidationMessages } from './tags/tags.rejections';
import type { PasswordHasher } from './users/account-reads/users-dependencies';
import { usersRoutes } from './users/users.routes';
import { userValidationMessages } from './users/users.rejections';
import { announcementsRoutes } from './announcements/announcements.routes';
import { announcementValidationMessages } from './announcements/announcements.rejections';
import { avatarsRoutes } from './avatars/avatars.routes';
import { carouselRoutes } from './carousel/carousel.routes';
import { contestsRoutes } from './contests/contests.routes';
import { projectionRebuildsRoutes } from './projection-rebuilds/projection-rebuilds.routes';

export interface CommandApiOptions {
  readonly store: EventStore;
  /** Read models (users, site_config) and the ephemeral_secrets table. */
  readonly db: Kysely<Database>;
  readonly tokens: TokenService;
  readonly mailer: Mailer;
  /** Resolves once every projection's checkpoint has passed the position (read-your-writes). */
  readonly awaitProjections: AwaitProjections;
  /** baseUrl used in mails until an admin sets one, e.g. http://localhost:8080. */
  readonly defaultBaseUrl: string;
  readonly clock?: Clock;
  readonly passwords?: PasswordHasher;
  readonly newId?: () => string;
  /** Test data and problem files, shared with the judge; default DATA_DIR's default, ./.data/blobs. */
  readonly blobs?: BlobStore;
  /** Where the judge processes listen: compile-spj / compile-interactive ask them. Without it, no compile. */
  readonly natsUrl?: string;
  /** The judges' JUDGE_COMPILE_SUBJECT; default judge.compile-checker. */
  readonly judgeCompileSubject?: string;
  /** The judges' JUDGE_REPORT_SUBJECT (which languages live judges run); default judge.report. */
  readonly judgeReportSubject?: string;
  /** DATA_DIR/secrets/contest-password-key: seals contest passwords in events (F9; docs/contests.md). */
  /** What a reply that does not match its route's schema becomes (REPLY_CHECK); default reject. */
  readonly replyCheck?: ReplyCheckMode;
  readonly contestPasswordKey: string;
}

/**
 * The command side of /api as a Fastify plugin: register it with `{ prefix: '/api', ...options }` next to
 * `queryApi` on the same instance. It installs its own auth hook and error handler (encapsulated).
 */
export async function commandApi(app: FastifyInstance, options: CommandApiOptions): Promise<void> {
  const clock = options.clock ?? systemClock;
  const newId = options.newId ?? (() => randomUUID());
  installErrorHandler(app, {
    ...userValidationMessages,
    ...problemValidationMessages,
    ...tagValidationMessages,
    ...announcementValidationMessages,
    ...contestValidationMessages,
  });
  installReplyChecking(app, options.replyCheck ?? 'reject');
  installRequestChecking(app);
  // HOJ's client posts some bodies as forms (get-sessions' bare uid): they reach the same zod schemas.
  installFormBodyParser(app);
  installAuthentication(app, { tokens: options.tokens, loadPrincipal: principalLoader(options.db) });
  await installAbuseLimits(app, { db: options.db, clock });
  const context: CommandContext = {
    store: options.store,
    db: options.db,
    blobs: options.blobs ?? createBlobStore(path.resolve('.data')),
    ephemeral: createEphemeralStore(options.db, clock),
    clock,
    newId,
    awaitProjections: options.awaitProjections,
  };
  usersRoutes(app, {
    ...context,
    mailer: options.mailer,
    tokens: options.tokens,
    passwords: options.passwords ?? argon2PasswordHasher,
    siteSettings: siteSettingsReader(options.db, options.defaultBaseUrl),
  });
  siteRoutes(app, context);
  problemsRoutes(app, context);
  checkerIncludeRoutes(app, context);
  projectionRebuildsRoutes(app, context);
  const compiler = options.natsUrl
    ? natsCompileCheckerClient({
        natsUrl: options.natsUrl,
        subject: options.judgeCompileSubject ?? defaultCompileCheckerSubject,
      })
    : undefined;
  if (compiler) app.addHook('onClose', () => compiler.close());
  compileCheckerRoutes(app, compiler);
  tagsRoutes(app, context);
  await app.register(async (scope) => testDataRoutes(scope, context));
  const judges = options.natsUrl ? natsJudgeDirectory(options.natsUrl, options.judgeReportSubject) : undefined;
  if (judges) app.addHook('onClose', () => judges.close());
  const judging = { ...context, ...(judges ? { liveJudges: () => judges.liveReports() } : {}) };
  submissionsRoutes(app, judging);
  rejudgingsRoutes(app, context);
  testRunsRoutes(app, judging);
  announcementsRoutes(app, context);
  contestsRoutes(app, { ...judging, contestPasswords: createTextSealer(options.contestPasswordKey) });
  // The image uploads parse multipart in their own scope (unless a wider scope already does).
  await app.register(async (files) => {
    if (!files.hasContentTypeParser('multipart/form-data')) await files.register(multipart);
    carouselRoutes(files, context);
    avatarsRoutes(files, context);
  });
}

export { ensureRootUser, type EnsureRootUserOptions, type RootUserOutcome } from './ensure-root-user';
export { commandEnvironmentKeys, loadCommandConfig } from './config';
export type { AwaitProjections } from './handling/await-projection';
export { seedDemoProblems, type SeedDemoProblemsOptions } from './problems/demo/seed-demo-problems';
export type { PasswordHasher } from './users/account-reads/users-dependencies';
