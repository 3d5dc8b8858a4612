/** Request and reply schemas of the command service, for the web app (no server code behind this entry). */
export * from './users/users.contract';
export * from './site/site.contract';
export * from './problems/problems.contract';
export * from './tags/tags.contract';
export * from './submissions/submissions.contract';
export * from './test-runs/test-runs.contract';
export * from './contests/contests.contract';
