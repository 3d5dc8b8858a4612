/**
 * The read side's names in one home: the live topics the projector notifies and the query's websocket serves,
 * and the scoreboard tables' names. The projector writes them, the query reads them, the web subscribes to the
 * topics (through the query's contracts), so each is spelled here once. Imports nothing at run time: the web
 * bundles this file.
 */
import type { Database } from './index';

/** Live topics: a change of the read model behind the topic, the client re-fetches (docs/architecture.md). */
export const liveTopics = {
  announcements: 'announcements',
  carousel: 'carousel',
  siteConfig: 'site-config',
  tags: 'tags',
  ranks: 'ranks',
  contest: (contestId: number): string => `contest:${contestId}`,
  contestScoreboard: (contestId: number): string => `contest-scoreboard:${contestId}`,
  submission: (submissionId: number): string => `submission:${submissionId}`,
  problem: (problemId: number): string => `problem:${problemId}`,
  user: (userId: string): string => `user:${userId}`,
  /** A test run's key is an unguessable token handed to its requester only. */
  testRun: (testRunKey: string): string => `test-run:${testRunKey}`,
  /** Staged rejudges (issue 13 item 4): a rejudging's progress and end; the back office's admins only. */
  rejudging: (rejudgingId: string): string => `rejudging:${rejudgingId}`,
  /** Any rejudging staged, judged or ended (the back office's list). */
  rejudgings: 'rejudgings',
  /** Projection rebuild requests, progress and reports (issue 13 item 5): root and admins only. */
  adminProjections: 'admin-projections',
} as const;

/** The four scoreboards' table prefixes (§2.7–2.10): per contest type, live and sealed. */
export const scoreboardTablePrefixes = [
  'acm_scoreboard',
  'sealed_acm_scoreboard',
  'oi_scoreboard',
  'sealed_oi_scoreboard',
] as const;

export type ScoreboardTablePrefix = (typeof scoreboardTablePrefixes)[number];

/** The board of a contest type, sealed (§2.10) or live. */
export const scoreboardTablePrefix = (type: 'ACM' | 'OI', sealed: boolean): ScoreboardTablePrefix =>
  `${sealed ? 'sealed_' : ''}${type === 'ACM' ? 'acm' : 'oi'}_scoreboard`;

const scoreboardTableRoles = ['contests', 'records', 'rows', 'solved'] as const;
export type ScoreboardTableRole = (typeof scoreboardTableRoles)[number];

/** One board's four tables by role; each name is a key of `Database`, so a misspelt one fails to typecheck. */
export type ScoreboardTables = {
  readonly [Role in ScoreboardTableRole]: `${ScoreboardTablePrefix}_${Role}` & keyof Database;
};

export function scoreboardTables(prefix: ScoreboardTablePrefix): ScoreboardTables {
  return {
    contests: `${prefix}_contests`,
    records: `${prefix}_records`,
    rows: `${prefix}_rows`,
    solved: `${prefix}_solved`,
  };
}

/** Every table of a board, in the order a projection lists the tables it owns. */
export const scoreboardTableNames = (tables: ScoreboardTables): readonly (keyof Database)[] =>
  scoreboardTableRoles.map((role) => tables[role]);
