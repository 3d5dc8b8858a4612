import type { Migration } from 'kysely';
import * as createProjectionCheckpoints from './0001-create-projection-checkpoints';
import * as createUsers from './0002-create-users';
import * as createSiteConfig from './0003-create-site-config';
import * as createEphemeralSecrets from './0004-create-ephemeral-secrets';
import * as createRelayCheckpoints from './0005-create-relay-checkpoints';
import * as createSubmissions from './0006-create-submissions';
import * as createProblems from './0007-create-problems';
import * as createHomeAndRanks from './0008-create-home-and-ranks';
import * as createTestRuns from './0009-create-test-runs';
import * as createContests from './0010-create-contests';
import * as createContestAdminTools from './0011-create-contest-admin-tools';
import * as createUserSessions from './0012-create-user-sessions';
import * as indexScoreboardRanks from './0013-index-scoreboard-ranks';
import * as storeScoreboardRankKey from './0014-store-scoreboard-rank-key';
import * as createProjectionDeadLetters from './0015-create-projection-dead-letters';
import * as createRateLimitCounters from './0016-create-rate-limit-counters';
import * as recordProblemCreators from './0017-record-problem-creators';
import * as recordCaseInteractions from './0020-record-case-interactions';
import * as createAuditEntries from './0021-create-audit-entries';
import * as createRejudgings from './0022-create-rejudgings';
import * as createProjectionRebuilds from './0023-create-projection-rebuilds';
import * as indexPublicLists from './0025-index-public-lists';
import * as rankPageIndexes from './0026-rank-page-indexes';
import * as lockProjectionBatch from './0027-lock-projection-batch';

/**
 * Every read-model migration, in order. Append new ones at the end with the next number;
 * never reorder or edit one that has shipped (write a new migration instead).
 */
export const migrations: readonly (readonly [name: string, migration: Migration])[] = [
  ['0001-create-projection-checkpoints', createProjectionCheckpoints],
  ['0002-create-users', createUsers],
  ['0003-create-site-config', createSiteConfig],
  ['0004-create-ephemeral-secrets', createEphemeralSecrets],
  ['0005-create-relay-checkpoints', createRelayCheckpoints],
  ['0006-create-submissions', createSubmissions],
  ['0007-create-problems', createProblems],
  ['0008-create-home-and-ranks', createHomeAndRanks],
  ['0009-create-test-runs', createTestRuns],
  ['0010-create-contests', createContests],
  ['0011-create-contest-admin-tools', createContestAdminTools],
  ['0012-create-user-sessions', createUserSessions],
  ['0013-index-scoreboard-ranks', indexScoreboardRanks],
  ['0014-store-scoreboard-rank-key', storeScoreboardRankKey],
  ['0015-create-projection-dead-letters', createProjectionDeadLetters],
  ['0016-create-rate-limit-counters', createRateLimitCounters],
  ['0017-record-problem-creators', recordProblemCreators],
  ['0020-record-case-interactions', recordCaseInteractions],
  ['0021-create-audit-entries', createAuditEntries],
  ['0022-create-rejudgings', createRejudgings],
  ['0023-create-projection-rebuilds', createProjectionRebuilds],
  ['0025-index-public-lists', indexPublicLists],
  ['0026-rank-page-indexes', rankPageIndexes],
  ['0027-lock-projection-batch', lockProjectionBatch],
];
