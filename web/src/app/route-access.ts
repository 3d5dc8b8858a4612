import type { AppRoute, SiteFlag } from './route-table';

export type AccessFacts = {
  hasToken: boolean;
  roles: readonly string[];
  /** Null until get-website-config answered: flag routes wait rather than bounce a visitor too early. */
  flags: Record<SiteFlag, boolean> | null;
};

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'wait' }
  | {
      kind: 'redirect';
      to: '/home' | '/admin/login';
      /** Key in the errors namespace. */
      message: string;
      clearSession: boolean;
      openLogin: boolean;
    };

const adminRoles = ['root', 'admin', 'problem_admin'];

const flagMessages: Record<SiteFlag, string> = {
  openPublicDiscussion: 'guard.noPublicDiscussion',
  openGroupDiscussion: 'guard.noGroupDiscussion',
  openContestComment: 'guard.noContestComment',
};

/**
 * The route guards of spec 002 §2.13. A missing token clears the session and asks for a login (the
 * back office's own page for admin paths); a missing role on a public-site page only goes home, because
 * clearing a signed-in user's session for following a link would be harsher than the spec needs.
 */
export const decideAccess = (route: AppRoute, facts: AccessFacts): AccessDecision => {
  const access = route.access ?? 'public';
  const isAdminPage = route.admin === true;
  const toLogin = (message: string): AccessDecision =>
    isAdminPage
      ? { kind: 'redirect', to: '/admin/login', message, clearSession: true, openLogin: false }
      : { kind: 'redirect', to: '/home', message, clearSession: true, openLogin: true };

  if (access !== 'public' && !facts.hasToken) return toLogin('guard.loginFirst');
  const hasRole =
    access === 'root'
      ? facts.roles.includes('root')
      : access === 'admin'
        ? facts.roles.some((role) => adminRoles.includes(role))
        : true;
  if (!hasRole) {
    return isAdminPage
      ? toLogin('guard.adminAccountRequired')
      : { kind: 'redirect', to: '/home', message: 'guard.loginFirst', clearSession: false, openLogin: false };
  }
  if (route.flag) {
    if (!facts.flags) return { kind: 'wait' };
    if (!facts.flags[route.flag]) {
      return {
        kind: 'redirect',
        to: '/home',
        message: flagMessages[route.flag],
        clearSession: false,
        openLogin: false,
      };
    }
  }
  return { kind: 'allow' };
};
