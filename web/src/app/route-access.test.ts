import { describe, expect, it } from 'vitest';
import { decideAccess, type AccessFacts } from './route-access';
import type { AppRoute } from './route-table';

const visitor: AccessFacts = { hasToken: false, roles: [], flags: null };
const member: AccessFacts = { hasToken: true, roles: ['default_user'], flags: null };
const flagsOn = { openPublicDiscussion: true, openGroupDiscussion: true, openContestComment: true };

const route = (extra: Partial<AppRoute>): AppRoute => ({ path: '/x', name: 'x', ...extra });

describe('decideAccess (spec 002 §2.13)', () => {
  it('lets anyone open a public route', () => {
    expect(decideAccess(route({}), visitor)).toEqual({ kind: 'allow' });
  });

  it('sends a visitor on a login route home with the login dialog and clears the session', () => {
    expect(decideAccess(route({ access: 'login' }), visitor)).toEqual({
      kind: 'redirect',
      to: '/home',
      message: 'guard.loginFirst',
      clearSession: true,
      openLogin: true,
    });
  });

  it('sends a visitor on an admin page to the admin login', () => {
    expect(decideAccess(route({ access: 'admin', admin: true }), visitor)).toMatchObject({
      to: '/admin/login',
      openLogin: false,
    });
  });

  it('asks a non-admin on an admin page to sign in with an administrator account', () => {
    expect(decideAccess(route({ access: 'admin', admin: true }), member)).toMatchObject({
      to: '/admin/login',
      message: 'guard.adminAccountRequired',
    });
    expect(decideAccess(route({ access: 'admin', admin: true }), { ...member, roles: ['problem_admin'] })).toEqual({
      kind: 'allow',
    });
  });

  it('keeps super-admin pages for root', () => {
    expect(decideAccess(route({ access: 'root', admin: true }), { ...member, roles: ['admin'] })).toMatchObject({
      kind: 'redirect',
    });
    expect(decideAccess(route({ access: 'root', admin: true }), { ...member, roles: ['root'] })).toEqual({
      kind: 'allow',
    });
  });

  it('sends a signed-in user without the role home without clearing the session', () => {
    expect(decideAccess(route({ access: 'root' }), member)).toMatchObject({ to: '/home', clearSession: false });
  });

  it('waits for the site config before judging a flag route, then follows the flag', () => {
    const discussion = route({ flag: 'openPublicDiscussion' });
    expect(decideAccess(discussion, visitor)).toEqual({ kind: 'wait' });
    expect(decideAccess(discussion, { ...visitor, flags: flagsOn })).toEqual({ kind: 'allow' });
    expect(decideAccess(discussion, { ...visitor, flags: { ...flagsOn, openPublicDiscussion: false } })).toMatchObject({
      to: '/home',
      message: 'guard.noPublicDiscussion',
    });
  });
});
