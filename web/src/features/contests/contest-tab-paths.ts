import type { ContestTab } from './contest-rules';

/** The route of each shell tab (spec 001 §2.2). */
export const contestTabPath = (cid: string, tab: ContestTab): string => {
  const base = `/contest/${cid}`;
  const suffix: Record<ContestTab, string> = {
    overview: '',
    problems: '/problems',
    submissions: '/submissions',
    rank: '/rank',
    announcements: '/announcements',
    comment: '/comment',
    print: '/print',
    acInfo: '/ac-info',
    adminPrint: '/admin-print',
    rejudge: '/rejudge',
    scrollBoard: '/scroll-board',
  };
  return `${base}${suffix[tab]}`;
};

export const contestProblemPath = (cid: string, displayId: string) =>
  `/contest/${cid}/problem/${encodeURIComponent(displayId)}`;

export const contestSubmissionPath = (cid: string, displayId: string, submitId: string) =>
  `/contest/${cid}/problem/${encodeURIComponent(displayId)}/submission-detail/${submitId}`;

export const outsideBoardPath = (cid: string, type: number) =>
  type === 1 ? `/contest/oi-scoreboard/${cid}` : `/contest/acm-scoreboard/${cid}`;

/** Focus mode (spec 002 §4): the problem page at full width with the contest's problem strip. */
export const contestFocusModePath = (cid: string, displayId: string) =>
  `${contestProblemPath(cid, displayId)}/full-screen`;
