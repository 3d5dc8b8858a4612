import type { ComponentType } from 'react';
import { HomePage } from './routes/home/home-page';
import { LogoutPage } from './routes/session/logout-page';
import { ResetPasswordPage } from './routes/session/reset-password-page';
import { JumpLinkPage } from './routes/session/jump-link-page';
import { AdminLoginPage } from './routes/admin/admin-login-page';
import { ProblemListPage } from './routes/problems/problem-list-page';
import { ProblemDetailsPage } from './routes/problems/problem-details-page';
import { SubmissionListPage } from './routes/submissions/submission-list-page';
import { SubmissionDetailsPage } from './routes/submissions/submission-details-page';
import { AcmRankPage, OiRankPage } from './routes/ranks/rank-pages';
import { UserHomePage } from './routes/user-home/user-home-page';
import { SettingPage } from './routes/settings/setting-page';
import { DeveloperPage, IntroductionPage } from './routes/about/about-pages';
import { ContestListPage } from './routes/contests/contest-list-page';
import {
  ContestAcInfoPage,
  ContestAdminPrintPage,
  ContestAnnouncementPage,
  ContestFocusModePage,
  ContestOverviewPage,
  ContestPrintPage,
  ContestProblemListPage,
  ContestProblemPage,
  ContestRankPage,
  ContestRejudgePage,
  ContestScrollBoardConfigPage,
  ContestSubmissionListPage,
} from './routes/contests/contest-pages';
import { OutsideScoreboardPage } from './routes/scoreboards/outside-scoreboard-page';
import { ScrollBoardPage } from './routes/scroll-board/scroll-board-page';
import { adminPages, rootPages } from './back-office-pages';

/** Navigation modes of spec 000 §2.1; the focus-mode (full-screen) problem pages use the three special ones. */
export type NavMode = 'default' | 'training' | 'contest' | 'group';
export type Access = 'public' | 'login' | 'admin' | 'root';
export type SiteFlag = 'openPublicDiscussion' | 'openGroupDiscussion' | 'openContestComment';

export type AppRoute = {
  path: string;
  /** Key in the routes namespace: the page title and the "coming" card's name. */
  name: string;
  /** Absent: the page arrives in a later release and shows the "coming" card. */
  page?: ComponentType;
  mode?: NavMode;
  access?: Access;
  flag?: SiteFlag;
  /** Spec 000 §2.1: no footer on the problem page and focus-mode pages. */
  hideFooter?: boolean;
  /** /jumplink has no chrome at all. */
  bare?: boolean;
  admin?: boolean;
};

const login = { access: 'login' } as const;

const contestChildren: AppRoute[] = [
  { path: '/contest/:contestID/problems', name: 'contestProblemList', page: ContestProblemListPage, ...login },
  {
    path: '/contest/:contestID/problem/:problemID/submission-detail/:submitID',
    name: 'contestSubmissionDetails',
    page: SubmissionDetailsPage,
    ...login,
  },
  {
    path: '/contest/:contestID/problem/:problemID/full-screen',
    name: 'contestFullProblemDetails',
    page: ContestFocusModePage,
    mode: 'contest',
    hideFooter: true,
    ...login,
  },
  {
    path: '/contest/:contestID/problem/:problemID',
    name: 'contestProblemDetails',
    page: ContestProblemPage,
    hideFooter: true,
    ...login,
  },
  { path: '/contest/:contestID/submissions', name: 'contestSubmissionList', page: ContestSubmissionListPage, ...login },
  {
    path: '/contest/:contestID/announcements',
    name: 'contestAnnouncementList',
    page: ContestAnnouncementPage,
    ...login,
  },
  { path: '/contest/:contestID/rank', name: 'contestRank', page: ContestRankPage, ...login },
  { path: '/contest/:contestID/ac-info', name: 'contestAcInfo', page: ContestAcInfoPage, ...login },
  { path: '/contest/:contestID/rejudge', name: 'contestRejudgeAdmin', page: ContestRejudgePage, access: 'root' },
  { path: '/contest/:contestID/comment', name: 'contestComment', flag: 'openContestComment', ...login },
  { path: '/contest/:contestID/print', name: 'contestPrint', page: ContestPrintPage, ...login },
  { path: '/contest/:contestID/admin-print', name: 'contestAdminPrint', page: ContestAdminPrintPage, ...login },
  {
    path: '/contest/:contestID/scroll-board',
    name: 'contestScrollBoard',
    page: ContestScrollBoardConfigPage,
    ...login,
  },
  { path: '/contest/:contestID', name: 'contestDetails', page: ContestOverviewPage, ...login },
];

const groupChildren: AppRoute[] = [
  {
    path: '/group/:groupID/problem/:problemID/full-screen',
    name: 'groupFullProblemDetails',
    mode: 'group',
    hideFooter: true,
    ...login,
  },
  {
    path: '/group/:groupID/training/:trainingID/problem/:problemID/full-screen',
    name: 'groupTrainingFullProblemDetails',
    mode: 'training',
    hideFooter: true,
    ...login,
  },
  { path: '/group/:groupID/announcement', name: 'groupAnnouncementList', ...login },
  { path: '/group/:groupID/problem/:problemID', name: 'groupProblemDetails', hideFooter: true, ...login },
  { path: '/group/:groupID/problem', name: 'groupProblemList', ...login },
  { path: '/group/:groupID/training/:trainingID/problems', name: 'groupTrainingProblemList', ...login },
  {
    path: '/group/:groupID/training/:trainingID/problem/:problemID',
    name: 'groupTrainingProblemDetails',
    hideFooter: true,
    ...login,
  },
  { path: '/group/:groupID/training/:trainingID/rank', name: 'groupTrainingRank', ...login },
  { path: '/group/:groupID/training/:trainingID', name: 'groupTrainingDetails', ...login },
  { path: '/group/:groupID/training', name: 'groupTrainingList', ...login },
  { path: '/group/:groupID/contest', name: 'groupContestList', ...login },
  { path: '/group/:groupID/status', name: 'groupSubmissionList', ...login },
  { path: '/group/:groupID/submission-detail/:submitID', name: 'groupSubmissionDetails', ...login },
  {
    path: '/group/:groupID/discussion/:problemID',
    name: 'groupProblemDiscussion',
    flag: 'openGroupDiscussion',
    ...login,
  },
  { path: '/group/:groupID/discussion', name: 'groupDiscussionList', flag: 'openGroupDiscussion', ...login },
  {
    path: '/group/:groupID/discussion-detail/:discussionID',
    name: 'groupDiscussionDetails',
    flag: 'openGroupDiscussion',
    ...login,
  },
  { path: '/group/:groupID/member', name: 'groupMemberList', ...login },
  { path: '/group/:groupID/setting', name: 'groupSetting', ...login },
  { path: '/group/:groupID/rank', name: 'groupRank', ...login },
  { path: '/group/:groupID', name: 'groupDetails', ...login },
];

const messageChildren: AppRoute[] = ['discuss', 'reply', 'like', 'sys', 'mine'].map((box) => ({
  path: `/message/${box}`,
  name: `message.${box}`,
  ...login,
}));

/** Spec 002 §2.11: the back office. Every page but the login shares one "coming" layout for now. */
const adminRoutes: AppRoute[] = [
  { path: '/admin/login', name: 'adminLogin', page: AdminLoginPage, admin: true, bare: true },
  ...[
    ['/admin', 'adminDashboard'],
    ['/admin/dashboard', 'adminDashboard'],
    ['/admin/problems', 'adminProblems'],
    ['/admin/problem/create', 'adminProblemCreate'],
    ['/admin/problem/edit/:problemId', 'adminProblemEdit'],
    ['/admin/problem/tag', 'adminProblemTag'],
    ['/admin/group-problem/apply', 'adminGroupProblemApply'],
    ['/admin/problem/batch-operation', 'adminProblemBatch'],
    ['/admin/training', 'adminTraining'],
    ['/admin/training/create', 'adminTrainingCreate'],
    ['/admin/training/category', 'adminTrainingCategory'],
    ['/admin/training/:trainingId/edit', 'adminTrainingEdit'],
    ['/admin/training/:trainingId/problems', 'adminTrainingProblems'],
    ['/admin/contest', 'adminContest'],
    ['/admin/contest/create', 'adminContestCreate'],
    ['/admin/contest/:contestId/edit', 'adminContestEdit'],
    ['/admin/contest/:contestId/announcement', 'adminContestAnnouncement'],
    ['/admin/contest/:contestId/problems', 'adminContestProblems'],
    ['/admin/contest/:contestId/problem/create', 'adminContestProblemCreate'],
    ['/admin/contest/:contestId/problem/:problemId/edit', 'adminContestProblemEdit'],
    ['/admin/discussion', 'adminDiscussion'],
    ['/admin/audit', 'adminAudit'],
    ['/admin/projections', 'adminProjections'],
    ['/admin/rejudgings', 'adminRejudgings'],
  ].map(([path, name]): AppRoute => ({
    path: path ?? '',
    name: name ?? '',
    page: adminPages[path ?? ''],
    access: 'admin',
    admin: true,
  })),
  ...[
    ['/admin/user', 'adminUser'],
    ['/admin/announcement', 'adminAnnouncement'],
    ['/admin/notice', 'adminNotice'],
    ['/admin/conf', 'adminConf'],
    ['/admin/switch', 'adminSwitch'],
  ].map(([path, name]): AppRoute => ({
    path: path ?? '',
    name: name ?? '',
    page: rootPages[path ?? ''],
    access: 'root',
    admin: true,
  })),
];

/** Spec 002 §2.12, in match order: fixed segments before parameters, deeper paths before their parents. */
export const appRoutes: AppRoute[] = [
  { path: '/home', name: 'home', page: HomePage },
  { path: '/problem', name: 'problemList', page: ProblemListPage },
  { path: '/problem/:problemID', name: 'problemDetails', page: ProblemDetailsPage, hideFooter: true },
  { path: '/training', name: 'trainingList' },
  {
    path: '/training/:trainingID/problem/:problemID/full-screen',
    name: 'trainingFullProblemDetails',
    mode: 'training',
    hideFooter: true,
  },
  { path: '/training/:trainingID/problems', name: 'trainingProblemList' },
  { path: '/training/:trainingID/problem/:problemID', name: 'trainingProblemDetails', hideFooter: true },
  { path: '/training/:trainingID/rank', name: 'trainingRank' },
  { path: '/training/:trainingID', name: 'trainingDetails' },
  { path: '/contest', name: 'contestList', page: ContestListPage },
  { path: '/contest/acm-scoreboard/:contestID', name: 'acmScoreBoard', page: OutsideScoreboardPage },
  { path: '/contest/oi-scoreboard/:contestID', name: 'oiScoreBoard', page: OutsideScoreboardPage },
  ...contestChildren,
  { path: '/status', name: 'submissionList', page: SubmissionListPage },
  { path: '/submission-detail/:submitID', name: 'submissionDetails', page: SubmissionDetailsPage },
  { path: '/acm-rank', name: 'acmRank', page: AcmRankPage },
  { path: '/oi-rank', name: 'oiRank', page: OiRankPage },
  { path: '/reset-password', name: 'resetPassword', page: ResetPasswordPage },
  { path: '/user-home', name: 'userHome', page: UserHomePage },
  { path: '/setting', name: 'setting', page: SettingPage, ...login },
  { path: '/logout', name: 'logout', page: LogoutPage, ...login },
  { path: '/discussion', name: 'discussionList', flag: 'openPublicDiscussion' },
  { path: '/discussion/:problemID', name: 'problemDiscussion', flag: 'openPublicDiscussion' },
  { path: '/discussion-detail/:discussionID', name: 'discussionDetails' },
  { path: '/group', name: 'groupList' },
  ...groupChildren,
  { path: '/introduction', name: 'introduction', page: IntroductionPage },
  { path: '/developer', name: 'developer', page: DeveloperPage },
  { path: '/message', name: 'message.discuss', ...login },
  ...messageChildren,
  { path: '/jumplink', name: 'jumpLink', page: JumpLinkPage, bare: true },
  // Reference §2.18: the scroll board opens in its own window, without the site's chrome.
  { path: '/scrollBoard', name: 'scrollBoard', page: ScrollBoardPage, bare: true },
  ...adminRoutes,
];
