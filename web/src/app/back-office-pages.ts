import { lazy, type ComponentType } from 'react';

/*
 * The back office's pages load with their module on the first visit to one of them: a visitor never downloads
 * them, and the app's entry chunk stays small (docs/performance.md, "The web app's first chunk"). The router
 * shows a loader meanwhile.
 */
const lazyPage = <Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType): ComponentType =>
  lazy(async () => ({ default: pick(await load()) }));

const homePages = () => import('./routes/admin-home/admin-home-pages');
const problemPages = () => import('./routes/admin-problems/admin-problem-pages');
const contestPages = () => import('./routes/admin-contests/admin-contest-pages');

const dashboard = lazyPage(homePages, (pages) => pages.AdminDashboardPage);

/** Back-office pages built so far; the others show the "coming" card. */
export const adminPages: Partial<Record<string, ComponentType>> = {
  '/admin': dashboard,
  '/admin/dashboard': dashboard,
  '/admin/problems': lazyPage(problemPages, (pages) => pages.AdminProblemListPage),
  '/admin/problem/create': lazyPage(problemPages, (pages) => pages.AdminProblemCreatePage),
  '/admin/problem/edit/:problemId': lazyPage(problemPages, (pages) => pages.AdminProblemEditPage),
  '/admin/problem/tag': lazyPage(problemPages, (pages) => pages.AdminProblemTagPage),
  '/admin/contest': lazyPage(contestPages, (pages) => pages.AdminContestListPage),
  '/admin/contest/create': lazyPage(contestPages, (pages) => pages.AdminContestCreatePage),
  '/admin/contest/:contestId/edit': lazyPage(contestPages, (pages) => pages.AdminContestEditPage),
  '/admin/contest/:contestId/announcement': lazyPage(contestPages, (pages) => pages.AdminContestAnnouncementPage),
  '/admin/contest/:contestId/problems': lazyPage(contestPages, (pages) => pages.AdminContestProblemsPage),
  '/admin/contest/:contestId/problem/create': lazyPage(contestPages, (pages) => pages.AdminContestProblemCreatePage),
  '/admin/contest/:contestId/problem/:problemId/edit': lazyPage(
    contestPages,
    (pages) => pages.AdminContestProblemEditPage,
  ),
  '/admin/audit': lazyPage(
    () => import('./routes/admin-audit/admin-audit-page'),
    (page) => page.AdminAuditPage,
  ),
  '/admin/projections': lazyPage(
    () => import('./routes/admin-projections/admin-projections-page'),
    (page) => page.AdminProjectionsPage,
  ),
  '/admin/rejudgings': lazyPage(
    () => import('./routes/admin-rejudgings/admin-rejudgings-page'),
    (page) => page.AdminRejudgingsPage,
  ),
};

/** Super-admin pages built so far. */
export const rootPages: Partial<Record<string, ComponentType>> = {
  '/admin/announcement': lazyPage(homePages, (pages) => pages.AdminAnnouncementPage),
  '/admin/conf': lazyPage(homePages, (pages) => pages.AdminConfPage),
};
