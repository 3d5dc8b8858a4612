import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import {
  createBlobStore,
  installAuthentication,
  createTextSealer,
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
  type TokenService,
} from '@oj/platform';
import { adminProblemsRoutes } from './problems/admin-problems.routes';
import { problemsRoutes } from './problems/problems.routes';
import { createLiveHub } from './live/live-hub';
import { liveMaxTopicsPerSocket, liveRoutes, tokenAuthenticator } from './live/live.routes';
import { liveAudiences } from './live/live-audiences';
import { listenToReadModels } from './live/read-model-listener';
import { siteRoutes } from './site/site.routes';
import { submissionsRoutes } from './submissions/submissions.routes';
import { testRunsRoutes } from './test-runs/test-runs.routes';
import { tagsRoutes } from './tags/tags.routes';
import { usersRoutes } from './users/users.routes';
import { homeRoutes } from './home/home.routes';
import { ranksRoutes } from './ranks/ranks.routes';
import { natsJudgeDirectory } from './system-info/live-judges';
import { systemInfoRoutes } from './system-info/system-info.routes';
import { userHomeRoutes } from './user-home/user-home.routes';
import { contestsRoutes } from './contests/contests.routes';
import { adminDashboardRoutes } from './admin-dashboard/admin-dashboard.routes';
import { adminProjectionsRoutes } from './admin-projections/admin-projections.routes';
import { auditRoutes } from './audit/audit.routes';
import { rejudgingsRoutes } from './rejudgings/rejudgings.routes';
import { ccsRoutes } from './ccs/ccs.routes';
import type { CcsPasswordSignIn } from './ccs/ccs-basic-auth';
import { adminContestProblemsRoutes } from './contests/admin-contest-problems.routes';
import { adminContestsRoutes } from './contests/admin-contests.routes';
import { contestDownloadsRoutes, contestDownloadValidationMessages } from './contests/contest-downloads.routes';
import { contestAnnouncementsRoutes } from './contests/contest-announcements.routes';
import { contestScrollBoardRoutes } from './scoreboards/scroll-board.routes';
import { rankDownloadRoutes } from './scoreboards/rank-download.routes';
import { scoreboardsRoutes } from './scoreboards/scoreboards.routes';
import { focusModeRoutes } from './contests/focus-mode.routes';
import { healthRoutes } from './health/health.routes';

export interface QueryApiOptions {
  readonly db: Kysely<Database>;
  readonly tokens: TokenService;
  /** baseUrl shown until an admin sets one, e.g. http://localhost:8080. */
  readonly defaultBaseUrl: string;
  /** The site's mail sender address, published as get-website-config's `email`; null when none. */
  readonly mailFrom: string | null;
  /** Test data for download-testcase, shared with the command service and the judge; default ./.data/blobs. */
  readonly blobs?: BlobStore;
  /** For LISTEN read_model_changed (live pushes on /api/ws); without it /api/ws accepts sockets but never pushes. */
  readonly databaseUrl?: string;
  /** For the developer page's judge queue figures (JetStream consumer info); without it they are null. */
  readonly natsUrl?: string;
  /** The judges' JUDGE_REPORT_SUBJECT (live judges and their languages); default judge.report. */
  readonly judgeReportSubject?: string;
  /** "Today" of the home statistics, the 7-day AC rank and the heatmap; default the system clock. */
  readonly clock?: Clock;
  /** Opens sealed contest passwords for the back office (F9); without it a sealed password shows empty. */
  /** What a reply that does not match its route's schema becomes (REPLY_CHECK); default reject. */
  readonly replyCheck?: ReplyCheckMode;
  readonly contestPasswordKey?: string;
  /** HTTP basic auth on /api/ccs: the accounts' hashes and the argon2 verifier (docs/ccs.md); without it, none. */
  readonly passwordSignIn?: CcsPasswordSignIn;
}

/**
 * The query side of /api as a Fastify plugin: register it with `{ prefix: '/api', ...options }` next to
 * `commandApi` on the same instance. It installs its own auth hook and error handler (encapsulated).
 */
export async function queryApi(app: FastifyInstance, options: QueryApiOptions): Promise<void> {
  installErrorHandler(app, contestDownloadValidationMessages);
  installReplyChecking(app, options.replyCheck ?? 'reject');
  installRequestChecking(app);
  // HOJ's client posts some bodies as forms (get-sessions' bare uid): they reach the same zod schemas.
  installFormBodyParser(app);
  installAuthentication(app, { tokens: options.tokens, loadPrincipal: principalLoader(options.db) });
  await installAbuseLimits(app, { db: options.db, clock: options.clock ?? systemClock });
  healthRoutes(app, { db: options.db, natsUrl: options.natsUrl });
  usersRoutes(app, options.db);
  siteRoutes(app, { db: options.db, defaultBaseUrl: options.defaultBaseUrl, mailFrom: options.mailFrom });
  const judges = options.natsUrl ? natsJudgeDirectory(options.natsUrl, options.judgeReportSubject) : undefined;
  if (judges) app.addHook('onClose', () => judges.close());
  problemsRoutes(app, options.db, options.clock ?? systemClock, judges);
  tagsRoutes(app, options.db);
  adminProblemsRoutes(app, { db: options.db, blobs: options.blobs ?? createBlobStore(path.resolve('.data')) });
  submissionsRoutes(app, options.db, options.clock ?? systemClock);
  testRunsRoutes(app, options.db, options.clock ?? systemClock);
  const clock = options.clock ?? systemClock;
  const blobs = options.blobs ?? createBlobStore(path.resolve('.data'));
  homeRoutes(app, { db: options.db, blobs, clock });
  userHomeRoutes(app, { db: options.db, clock });
  ranksRoutes(app, options.db);
  contestsRoutes(app, { db: options.db, clock });
  adminContestsRoutes(app, {
    db: options.db,
    clock,
    ...(options.contestPasswordKey ? { contestPasswords: createTextSealer(options.contestPasswordKey) } : {}),
  });
  adminContestProblemsRoutes(app, options.db);
  contestDownloadsRoutes(app, { db: options.db, clock });
  contestAnnouncementsRoutes(app, { db: options.db, clock });
  scoreboardsRoutes(app, { db: options.db, clock });
  rankDownloadRoutes(app, { db: options.db, clock });
  contestScrollBoardRoutes(app, { db: options.db, clock });
  focusModeRoutes(app, { db: options.db, clock });
  systemInfoRoutes(app, { db: options.db, clock, natsUrl: options.natsUrl, judges });
  adminDashboardRoutes(app, { db: options.db, clock });
  adminProjectionsRoutes(app, { db: options.db, clock });
  auditRoutes(app, options.db);
  rejudgingsRoutes(app, options.db);
  ccsRoutes(app, { db: options.db, clock, ...(options.passwordSignIn ? { signIn: options.passwordSignIn } : {}) });
  const hub = createLiveHub({
    gate: liveAudiences(options.db, clock),
    maxTopicsPerClient: liveMaxTopicsPerSocket,
    onError: (error) => app.log.warn({ err: error }, 'live pushes: deciding who hears of a change failed'),
  });
  if (options.databaseUrl) {
    const listener = listenToReadModels({
      databaseUrl: options.databaseUrl,
      onChange: (change) => void hub.publish(change),
      onError: (error) => app.log.warn({ err: error }, 'live pushes: read-model listener failed; reconnecting'),
    });
    app.addHook('onClose', () => listener.close());
    await listener.ready;
  }
  await liveRoutes(app, hub, tokenAuthenticator(options.tokens, principalLoader(options.db)));
}

export { loadQueryConfig, queryEnvironmentKeys } from './config';
