/** Route builders: the only place a client path is spelled outside the route table. */
type Id = string | number;

const withQuery = (path: string, query: Record<string, Id | boolean | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

export const paths = {
  home: () => '/home',
  problems: () => '/problem',
  problem: (problemId: Id) => `/problem/${problemId}`,
  trainings: () => '/training',
  training: (trainingId: Id, groupId?: Id) =>
    groupId === undefined ? `/training/${trainingId}` : `/group/${groupId}/training/${trainingId}`,
  trainingProblems: (trainingId: Id, groupId?: Id) => `${paths.training(trainingId, groupId)}/problems`,
  contests: () => '/contest',
  contest: (contestId: Id) => `/contest/${contestId}`,
  contestProblems: (contestId: Id) => `/contest/${contestId}/problems`,
  contestSubmissions: (contestId: Id, onlyMine = false) =>
    withQuery(`/contest/${contestId}/submissions`, { onlyMine: onlyMine || undefined }),
  contestRank: (contestId: Id) => `/contest/${contestId}/rank`,
  status: (query: { onlyMine?: boolean; status?: number; uid?: string; username?: string } = {}) =>
    withQuery('/status', {
      status: query.status,
      uid: query.uid,
      username: query.username,
      onlyMine: query.onlyMine || undefined,
    }),
  acmRank: () => '/acm-rank',
  oiRank: () => '/oi-rank',
  discussion: () => '/discussion',
  groups: () => '/group',
  group: (groupId: Id) => `/group/${groupId}`,
  groupProblems: (groupId: Id) => `/group/${groupId}/problem`,
  introduction: () => '/introduction',
  developer: () => '/developer',
  userHome: (user: { uid?: string; username?: string }) =>
    withQuery('/user-home', { uid: user.uid, username: user.username }),
  setting: () => '/setting',
  logout: () => '/logout',
  messages: () => '/message/discuss',
  resetPassword: () => '/reset-password',
  submission: (submitId: Id) => `/submission-detail/${submitId}`,
  admin: () => '/admin',
  adminLogin: () => '/admin/login',
  adminAudit: () => '/admin/audit',
  adminProjections: () => '/admin/projections',
  adminRejudgings: () => '/admin/rejudgings',
} as const;
