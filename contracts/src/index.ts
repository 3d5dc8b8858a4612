/**
 * Every HTTP and websocket request and reply schema, by area (zod only, no server code): the command and query
 * services check their edge with these, and the web app parses its replies with the same ones, so each HOJ wire
 * shape is written once.
 */
export * from './input/bounded-input.contract';
export * from './paging/page.contract';
export * from './paging/paging.contract';
export * from './envelope/no-data.contract';
export * from './admin-dashboard/admin-dashboard.contract';
export * from './admin-projections/admin-projections.contract';
export * from './audit/audit.contract';
export * from './ccs/ccs.contract';
export * from './ccs/ccs-feed-rules';
export * from './announcements/announcements.contract';
export * from './contests/admin-contest-problems.contract';
export * from './contests/contest-admin-tools.contract';
export * from './contests/contest-downloads.contract';
export * from './contests/contests-commands.contract';
export * from './contests/contests-queries.contract';
export * from './contests/flag-param.contract';
export * from './contests/focus-mode.contract';
export * from './home/home.contract';
export * from './health/health.contract';
export * from './live/live.contract';
export * from './problems/problems-commands.contract';
export * from './problems/problems-queries.contract';
export * from './ranks/ranks.contract';
export * from './scoreboards/scroll-board.contract';
export * from './scoreboards/scoreboards.contract';
export * from './site/checker-include.contract';
export * from './site/site-commands.contract';
export * from './site/site-queries.contract';
export * from './submissions/submissions-commands.contract';
export * from './submissions/submissions-queries.contract';
export * from './system-info/system-info.contract';
export * from './tags/tags-commands.contract';
export * from './tags/tags-queries.contract';
export * from './test-runs/test-runs.contract';
export * from './user-home/user-home.contract';
export * from './users/users-commands.contract';
export * from './users/users-queries.contract';
export * from './rejudgings/rejudgings.contract';
