/**
 * The route × role matrix (issue 10): for every route the command and query plugins register, which roles the
 * route lets through. "refused" is HOJ's 401/403 envelope (or, for the download calls, HOJ's HTTP 400 "no
 * permission" envelope); "allowed" is any other answer (a 400 for a bad body included). The matrix test walks
 * Fastify's own route table, so a new route without a row here fails it.
 *
 * Roles: `owner` is the admin who created the fixture's problems and contests; `participant` is registered in the
 * private contest; `user` made a practice submission; `stranger`, `admin` (role admin) and `problemAdmin` own
 * nothing. Rights follow ../../../../docs/security.md and the review's endpoint × role table; where HOJ is looser
 * (quirk 20: any admin role on any contest), the row says what we enforce.
 */
export const roles = [
  'anonymous',
  'user',
  'stranger',
  'participant',
  'admin',
  'problemAdmin',
  'owner',
  'root',
] as const;
export type Role = (typeof roles)[number];
export type Access = 'allowed' | 'refused';
export type RouteAccess = Readonly<Record<Role, Access>>;

function only(...allowed: readonly Role[]): RouteAccess {
  return Object.fromEntries(roles.map((role) => [role, allowed.includes(role) ? 'allowed' : 'refused'])) as RouteAccess;
}

const everyone = only(...roles);
const signedIn = only('user', 'stranger', 'participant', 'admin', 'problemAdmin', 'owner', 'root');
const backOffice = only('admin', 'problemAdmin', 'owner', 'root');
const rootOnly = only('root');
const problemAdminsAndRoot = only('problemAdmin', 'root');
/** The problem's creator, problem admins and root (an admin manages only what they created: F10, F14). */
const problemManagers = only('owner', 'problemAdmin', 'root');
/** Root and the contest's creator (§0 contest admin; F10 for announcements). */
const contestAdmins = only('owner', 'root');
/** Who passes the private contest's access check: its admins and registered users. */
const contestMembers = only('participant', 'owner', 'root');
/** Who may change a contest's problem links: its creator, problem admins (any contest) and root. */
const contestProblemEditors = only('owner', 'problemAdmin', 'root');
/** Root and admins (every trail), and the contest's creator (its own trail). */
const siteAdminsAndContestCreator = only('admin', 'owner', 'root');
/** Root and every account of role admin (the owner is one): the projections page (issue 13 item 5). */
const siteOperators = only('admin', 'owner', 'root');

/** Keyed by `METHOD url` as registered; HEAD routes Fastify derives from a GET share its row. */
export const routeAccessTable: Readonly<Record<string, RouteAccess>> = {
  // Liveness and readiness probes (query, issue 14): for supervisors and load balancers, no login.
  'GET /api/health': everyone,
  'GET /api/ready': everyone,
  // Accounts and sessions (command).
  'GET /api/captcha': everyone,
  'GET /api/get-register-code': everyone,
  'POST /api/register': everyone,
  'POST /api/login': everyone,
  'GET /api/logout': signedIn,
  'POST /api/admin/login': everyone,
  'GET /api/admin/logout': backOffice,
  'POST /api/apply-reset-password': everyone,
  'POST /api/reset-password': everyone,
  'POST /api/change-password': signedIn,
  'GET /api/get-change-email-code': signedIn,
  'POST /api/change-email': signedIn,
  'POST /api/change-userInfo': signedIn,
  'POST /api/file/upload-avatar': signedIn,

  // Site administration (command).
  'PUT /api/admin/switch/update': rootOnly,
  'PUT /api/admin/config/set-web-config': rootOnly,
  'GET /api/admin/judge/checker-include': rootOnly,
  'POST /api/admin/judge/checker-include': rootOnly,
  'DELETE /api/admin/judge/checker-include': rootOnly,
  'POST /api/admin/announcement': rootOnly,
  'PUT /api/admin/announcement': rootOnly,
  'DELETE /api/admin/announcement': rootOnly,
  'POST /api/file/upload-carouse-img': rootOnly,
  'POST /api/file/upload-carousel-img': rootOnly,
  'DELETE /api/admin/config/home-carousel': rootOnly,

  // Problem bank administration (command).
  'POST /api/admin/problem': backOffice,
  'PUT /api/admin/problem': problemManagers,
  'DELETE /api/admin/problem': problemAdminsAndRoot,
  'PUT /api/admin/problem/change-problem-auth': problemManagers,
  'POST /api/admin/contest/problem': contestProblemEditors,
  'PUT /api/admin/contest/problem': problemManagers,
  'POST /api/admin/problem/compile-spj': backOffice,
  'POST /api/admin/problem/compile-interactive': backOffice,
  'POST /api/file/upload-testcase-zip': backOffice,
  'POST /api/admin/tag': problemAdminsAndRoot,
  'PUT /api/admin/tag': problemAdminsAndRoot,
  'DELETE /api/admin/tag': problemAdminsAndRoot,
  'POST /api/admin/tag/classification': problemAdminsAndRoot,
  'PUT /api/admin/tag/classification': problemAdminsAndRoot,
  'DELETE /api/admin/tag/classification': problemAdminsAndRoot,

  // Submissions and test runs (command).
  'POST /api/submit-problem-judge': signedIn,
  // The submitter only, and only for a system failure (F6): the fixture's submission is pending, so nobody may.
  'GET /api/resubmit': only(),
  // Sharing is the submitter's own choice (HOJ refuses root too).
  'PUT /api/submission': only('user'),
  'POST /api/submit-problem-test-judge': signedIn,
  'GET /api/admin/judge/rejudge': rootOnly,
  'GET /api/admin/judge/rejudge-contest-problem': rootOnly,
  'GET /api/admin/judge/manual-judge': rootOnly,
  'GET /api/admin/judge/cancel-judge': rootOnly,

  // Contest administration and contest calls (command).
  'POST /api/admin/contest': backOffice,
  'PUT /api/admin/contest': contestAdmins,
  'GET /api/admin/contest/clone': contestAdmins,
  'DELETE /api/admin/contest': rootOnly,
  'PUT /api/admin/contest/change-contest-visible': contestAdmins,
  'POST /api/admin/contest/add-problem-from-public': contestProblemEditors,
  'PUT /api/admin/contest/contest-problem': contestProblemEditors,
  'DELETE /api/admin/contest/problem': problemAdminsAndRoot,
  'POST /api/admin/contest/announcement': contestAdmins,
  'PUT /api/admin/contest/announcement': contestAdmins,
  'DELETE /api/admin/contest/announcement': contestAdmins,
  'PUT /api/check-contest-ac-info': contestAdmins,
  'POST /api/submit-print-text': contestMembers,
  'PUT /api/check-contest-print-status': contestAdmins,
  'POST /api/register-contest': signedIn,

  // Users, site and home (query).
  'POST /api/check-username-or-email': everyone,
  'GET /api/get-user-auth-info': signedIn,
  'GET /api/get-website-config': everyone,
  'GET /api/admin/config/get-web-config': rootOnly,
  'POST /api/admin/config/get-web-config': rootOnly,
  'GET /api/admin/switch/info': rootOnly,
  'POST /api/admin/switch/info': rootOnly,
  'GET /api/home-carousel': everyone,
  'GET /api/get-recent-other-contest': everyone,
  'GET /api/get-common-announcement': everyone,
  'GET /api/admin/announcement': rootOnly,
  'GET /api/get-recent-seven-ac-rank': everyone,
  'GET /api/get-last-week-submission-statistics': everyone,
  'GET /api/get-recent-updated-problem': everyone,
  'GET /api/public/img/:name': everyone,
  'GET /api/public/file/:name': everyone,
  'GET /api/get-user-home-info': everyone,
  'GET /api/get-user-calendar-heatmap': everyone,
  'GET /api/get-rank-list': everyone,
  'GET /api/get-system-info': everyone,
  'GET /api/ws': everyone,

  // Problems (query).
  'GET /api/get-problem-list': everyone,
  'GET /api/get-random-problem': everyone,
  'GET /api/get-problem-detail': everyone,
  'GET /api/get-problem-code-template': everyone,
  'GET /api/languages': everyone,
  'GET /api/get-problem-languages': everyone,
  'GET /api/get-all-problem-tags': everyone,
  'GET /api/get-problem-tags-and-classification': everyone,
  'GET /api/get-problem-tags': everyone,
  'GET /api/admin/tag/classification': problemAdminsAndRoot,
  'GET /api/admin/problem/get-problem-list': backOffice,
  'GET /api/admin/problem': problemManagers,
  'GET /api/admin/contest/problem': problemManagers,
  'GET /api/admin/problem/get-problem-cases': problemManagers,
  'GET /api/file/download-testcase': problemManagers,

  // Submissions (query).
  'GET /api/get-submission-list': everyone,
  'GET /api/get-submission-detail': everyone,
  'GET /api/get-all-case-result': everyone,
  'POST /api/check-submissions-status': everyone,
  'POST /api/get-user-problem-status': signedIn,
  'GET /api/get-last-ac-code': signedIn,
  'GET /api/get-test-judge-result': signedIn,

  // Contests (query).
  'GET /api/get-recent-contest': everyone,
  'GET /api/get-contest-list': everyone,
  'GET /api/get-contest-info': signedIn,
  'GET /api/get-contest-access': signedIn,
  'GET /api/get-contest-problem': contestMembers,
  'GET /api/get-contest-problem-details': contestMembers,
  'GET /api/contest-submissions': contestMembers,
  'POST /api/check-contest-submissions-status': contestMembers,
  'GET /api/get-contest-ac-info': contestAdmins,
  'GET /api/get-contest-print': contestAdmins,
  'GET /api/file/download-contest-print-text': contestAdmins,
  'POST /api/get-contest-rank': contestMembers,
  'GET /api/get-contest-outsize-info': everyone,
  'POST /api/get-contest-outside-scoreboard': everyone,
  'GET /api/get-contest-announcement': contestMembers,
  'POST /api/get-contest-not-read-announcement': contestMembers,
  'GET /api/admin/contest': contestAdmins,
  'GET /api/admin/contest/get-contest-list': backOffice,
  'GET /api/admin/contest/announcement': contestAdmins,
  'GET /api/admin/contest/get-problem-list': backOffice,
  'GET /api/admin/contest/contest-problem': backOffice,
  'GET /api/file/download-contest-ac-submission': contestAdmins,
  'GET /api/file/download-contest-rank': contestAdmins,
  'GET /api/get-contest-scroll-board-info': everyone,
  'GET /api/get-contest-scroll-board-submission': everyone,
  'GET /api/get-full-screen-problem-list': contestMembers,

  // Back-office dashboard (query).
  'GET /api/admin/config/get-service-info': backOffice,
  'POST /api/admin/config/get-service-info': backOffice,
  'GET /api/admin/config/get-judge-service-info': backOffice,
  'POST /api/admin/config/get-judge-service-info': backOffice,
  'GET /api/admin/dashboard/get-dashboard-info': backOffice,
  'POST /api/admin/dashboard/get-sessions': backOffice,
  'GET /api/admin/dashboard/get-quarantined-events': rootOnly,

  // The audit trail (query, issue 13): root and admins see all; the matrix asks for the fixture's private
  // contest, which the owner created, so the owner passes and a problem admin who did not create it is refused.
  'GET /api/admin/audit': siteAdminsAndContestCreator,
  'GET /api/admin/audit/export': siteAdminsAndContestCreator,

  // Staged rejudges (command and query, issue 13 item 4, docs/judging.md): as the audit trail, root and admins
  // any, the contest's creator their contest's (the matrix stages the fixture's private contest); an unknown
  // rejudging is a 404 for root and admins and a 403 for anyone else.
  'POST /api/admin/rejudgings': siteAdminsAndContestCreator,
  'POST /api/admin/rejudgings/apply': siteAdminsAndContestCreator,
  'POST /api/admin/rejudgings/discard': siteAdminsAndContestCreator,
  'GET /api/admin/rejudgings': siteAdminsAndContestCreator,
  'GET /api/admin/rejudgings/detail': siteAdminsAndContestCreator,

  // Projection rebuilds from the browser (command and query, issue 13 item 5, docs/events-store.md).
  'POST /api/admin/projections/rebuild': siteOperators,
  'GET /api/admin/projections': siteOperators,
  'GET /api/admin/projections/rebuild': siteOperators,

  // The ICPC Contest API (query, issue 13 item 3, docs/ccs.md): the fixture's contest is private, so its admins
  // and registered users pass; accounts are the contest admins' only (the spec's admin role).
  'GET /api/ccs': everyone,
  'GET /api/ccs/contests': everyone,
  'GET /api/ccs/contests/:contestId': contestMembers,
  'GET /api/ccs/contests/:contestId/state': contestMembers,
  'GET /api/ccs/contests/:contestId/scoreboard': contestMembers,
  'GET /api/ccs/contests/:contestId/event-feed': contestMembers,
  'GET /api/ccs/contests/:contestId/contest-package': contestAdmins,
  'GET /api/ccs/contests/:contestId/submissions/:objectId/files': contestMembers,
  'GET /api/ccs/contests/:contestId/judgement-types': contestMembers,
  'GET /api/ccs/contests/:contestId/judgement-types/:objectId': contestMembers,
  'GET /api/ccs/contests/:contestId/languages': contestMembers,
  'GET /api/ccs/contests/:contestId/languages/:objectId': contestMembers,
  'GET /api/ccs/contests/:contestId/problems': contestMembers,
  'GET /api/ccs/contests/:contestId/problems/:objectId': contestMembers,
  'GET /api/ccs/contests/:contestId/teams': contestMembers,
  'GET /api/ccs/contests/:contestId/teams/:objectId': contestMembers,
  'GET /api/ccs/contests/:contestId/groups': contestMembers,
  'GET /api/ccs/contests/:contestId/groups/:objectId': contestMembers,
  'GET /api/ccs/contests/:contestId/organizations': contestMembers,
  'GET /api/ccs/contests/:contestId/organizations/:objectId': contestMembers,
  'GET /api/ccs/contests/:contestId/clarifications': contestMembers,
  'GET /api/ccs/contests/:contestId/clarifications/:objectId': contestMembers,
  'GET /api/ccs/contests/:contestId/awards': contestMembers,
  'GET /api/ccs/contests/:contestId/awards/:objectId': contestMembers,
  'GET /api/ccs/contests/:contestId/submissions': contestMembers,
  'GET /api/ccs/contests/:contestId/submissions/:objectId': contestMembers,
  'GET /api/ccs/contests/:contestId/judgements': contestMembers,
  'GET /api/ccs/contests/:contestId/judgements/:objectId': contestMembers,
  'GET /api/ccs/contests/:contestId/runs': contestMembers,
  'GET /api/ccs/contests/:contestId/runs/:objectId': contestMembers,
  'GET /api/ccs/contests/:contestId/accounts': contestAdmins,
  'GET /api/ccs/contests/:contestId/accounts/:objectId': contestAdmins,
};
