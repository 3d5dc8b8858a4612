import type { UsersTable } from './0002-create-users';
import type { SiteConfigTable } from './0003-create-site-config';
import type { EphemeralSecretsTable } from './0004-create-ephemeral-secrets';
import type { RelayCheckpointsTable } from './0005-create-relay-checkpoints';
import type {
  AcceptedSubmissionsTable,
  ProblemCounterSubmissionsTable,
  ProblemCountersTable,
  SubmissionsTable,
} from './0006-create-submissions';
import type { ProblemTagsTable, TagClassificationsTable, TagsTable } from './0007-create-problems';
import type {
  AnnouncementsTable,
  AvatarImagesTable,
  CarouselImagesTable,
  RankSubmissionsTable,
  UserRanksTable,
} from './0008-create-home-and-ranks';
import type { TestRunsTable } from './0009-create-test-runs';
import type {
  ContestAnnouncementsTable,
  ContestProblemsTable,
  ContestRegistrationsTable,
  ContestsTable,
  ScoreboardContestsTable,
  ScoreboardRecordsTable,
  ScoreboardSolvedTable,
} from './0010-create-contests';
import type { ContestAcChecksTable, ContestPrintsTable } from './0011-create-contest-admin-tools';
import type { UserSessionsTable } from './0012-create-user-sessions';
import type { RankedScoreboardRowsTable } from './0014-store-scoreboard-rank-key';
import type {
  ProjectionDeadLettersTable,
  RoutedProjectionCheckpointsTable,
} from './0015-create-projection-dead-letters';
import type { RateLimitCountersTable } from './0016-create-rate-limit-counters';
import type { OwnedProblemsTable } from './0017-record-problem-creators';
import type { InteractiveSubmissionCasesTable } from './0020-record-case-interactions';
import type { AuditEntriesTable, AuditStreamSnapshotsTable } from './0021-create-audit-entries';
import type { RejudgingItemsTable, RejudgingsTable } from './0022-create-rejudgings';
import type { ProjectionOwnedTablesTable, ProjectionRebuildsTable } from './0023-create-projection-rebuilds';

/**
 * The typed read-model schema: one line per table, whose row interface lives in the migration that creates it.
 * To add a table: export its interface from the new migration, import it here, add one line below.
 */
export interface Database {
  projection_checkpoints: RoutedProjectionCheckpointsTable;
  projection_dead_letters: ProjectionDeadLettersTable;
  users: UsersTable;
  site_config: SiteConfigTable;
  ephemeral_secrets: EphemeralSecretsTable;
  rate_limit_counters: RateLimitCountersTable;
  relay_checkpoints: RelayCheckpointsTable;
  submissions: SubmissionsTable;
  submission_cases: InteractiveSubmissionCasesTable;
  problem_counters: ProblemCountersTable;
  problem_counter_submissions: ProblemCounterSubmissionsTable;
  accepted_submissions: AcceptedSubmissionsTable;
  problems: OwnedProblemsTable;
  problem_tags: ProblemTagsTable;
  tags: TagsTable;
  tag_classifications: TagClassificationsTable;
  announcements: AnnouncementsTable;
  carousel_images: CarouselImagesTable;
  avatar_images: AvatarImagesTable;
  rank_submissions: RankSubmissionsTable;
  user_ranks: UserRanksTable;
  test_runs: TestRunsTable;
  contests: ContestsTable;
  contest_problems: ContestProblemsTable;
  contest_announcements: ContestAnnouncementsTable;
  contest_registrations: ContestRegistrationsTable;
  acm_scoreboard_contests: ScoreboardContestsTable;
  acm_scoreboard_records: ScoreboardRecordsTable;
  acm_scoreboard_rows: RankedScoreboardRowsTable;
  acm_scoreboard_solved: ScoreboardSolvedTable;
  sealed_acm_scoreboard_contests: ScoreboardContestsTable;
  sealed_acm_scoreboard_records: ScoreboardRecordsTable;
  sealed_acm_scoreboard_rows: RankedScoreboardRowsTable;
  sealed_acm_scoreboard_solved: ScoreboardSolvedTable;
  oi_scoreboard_contests: ScoreboardContestsTable;
  oi_scoreboard_records: ScoreboardRecordsTable;
  oi_scoreboard_rows: RankedScoreboardRowsTable;
  oi_scoreboard_solved: ScoreboardSolvedTable;
  sealed_oi_scoreboard_contests: ScoreboardContestsTable;
  sealed_oi_scoreboard_records: ScoreboardRecordsTable;
  sealed_oi_scoreboard_rows: RankedScoreboardRowsTable;
  sealed_oi_scoreboard_solved: ScoreboardSolvedTable;
  contest_ac_checks: ContestAcChecksTable;
  contest_prints: ContestPrintsTable;
  user_sessions: UserSessionsTable;
  audit_entries: AuditEntriesTable;
  audit_stream_snapshots: AuditStreamSnapshotsTable;
  rejudgings: RejudgingsTable;
  rejudging_items: RejudgingItemsTable;
  projection_rebuilds: ProjectionRebuildsTable;
  projection_owned_tables: ProjectionOwnedTablesTable;
}

export type { ProjectionCheckpointsTable } from './0001-create-projection-checkpoints';
export type {
  ProjectionDeadLettersTable,
  RoutedProjectionCheckpointsTable,
} from './0015-create-projection-dead-letters';
export type { UsersTable } from './0002-create-users';
export type { SiteConfigTable } from './0003-create-site-config';
export type { EphemeralSecretsTable } from './0004-create-ephemeral-secrets';
export type { RelayCheckpointsTable } from './0005-create-relay-checkpoints';
export type {
  AcceptedSubmissionsTable,
  ProblemCounterSubmissionsTable,
  ProblemCountersTable,
  SubmissionCasesTable,
  SubmissionsTable,
} from './0006-create-submissions';
export type { ProblemTagsTable, ProblemsTable, TagClassificationsTable, TagsTable } from './0007-create-problems';
export type {
  AnnouncementsTable,
  AvatarImagesTable,
  CarouselImagesTable,
  RankSubmissionsTable,
  UserRanksTable,
} from './0008-create-home-and-ranks';
export type { TestRunsTable } from './0009-create-test-runs';
export {
  scoreboardTablePrefixes,
  type ContestAnnouncementsTable,
  type ContestProblemsTable,
  type ContestRegistrationsTable,
  type ContestsTable,
  type ScoreboardContestsTable,
  type ScoreboardRecordsTable,
  type ScoreboardRowsTable,
  type ScoreboardSolvedTable,
} from './0010-create-contests';
export type { RankedScoreboardRowsTable } from './0014-store-scoreboard-rank-key';
export type { OwnedProblemsTable } from './0017-record-problem-creators';
export type { InteractiveSubmissionCasesTable } from './0020-record-case-interactions';
export type { AuditChange, AuditEntriesTable, AuditStreamSnapshotsTable } from './0021-create-audit-entries';
export type { RejudgingItemsTable, RejudgingsTable } from './0022-create-rejudgings';
export type {
  ProjectionOwnedTablesTable,
  ProjectionRebuildState,
  ProjectionRebuildsTable,
} from './0023-create-projection-rebuilds';
export { migrations } from './migrations';
export { migrateToLatest } from './migrate-to-latest';
export type { ContestAcChecksTable, ContestPrintsTable } from './0011-create-contest-admin-tools';
