/** Reply schemas of the query service, for the web app (no server code behind this entry). */
export * from './paging/page.contract';
export * from './site/site.contract';
export * from './users/users.contract';
export * from './submissions/submissions.contract';
export * from './problems/problems.contract';
export * from './tags/tags.contract';
export * from './home/home.contract';
export * from './user-home/user-home.contract';
export * from './ranks/ranks.contract';
export * from './system-info/system-info.contract';
export * from './contests/contests.contract';
export * from './contests/scroll-board.contract';
export * from './contests/focus-mode.contract';
export * from './admin-dashboard/admin-dashboard.contract';
