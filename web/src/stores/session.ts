import { proxy } from 'valtio';
import type { z } from 'zod';
import { userInfo } from '@oj/contracts';
import { tolerantOf } from '@/lib/tolerant-reply';

/** HOJ's UserInfoVO (api-core §1); only uid, username and roleList are relied on, the rest is shown when present. */
export const userInfoSchema = tolerantOf(userInfo, ['uid', 'username']).extend({
  roleList: userInfo.shape.roleList.default([]),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

const storageKeys = { token: 'token', user: 'userInfo', signedIn: 'isSignedIn' } as const;

/** Role strings that may open the back office (spec 000 §6; HOJ's problem_admin included). */
const adminRoles = new Set(['root', 'admin', 'problem_admin']);

type WithRoles = { readonly roleList: readonly string[] } | null;

export const isAdmin = (user: WithRoles): boolean => !!user?.roleList.some((role) => adminRoles.has(role));
export const isSuperAdmin = (user: WithRoles): boolean => !!user?.roleList.includes('root');

type SessionState = { token: string | null; user: UserInfo | null };

const readStoredUser = (): UserInfo | null => {
  const raw = localStorage.getItem(storageKeys.user);
  if (!raw) return null;
  try {
    const parsed = userInfoSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

const readStored = (): SessionState => {
  const token = localStorage.getItem(storageKeys.token);
  return { token, user: token ? readStoredUser() : null };
};

export const session = proxy<SessionState>(readStored());

const persist = (): void => {
  if (session.token) localStorage.setItem(storageKeys.token, session.token);
  else localStorage.removeItem(storageKeys.token);
  if (session.user) localStorage.setItem(storageKeys.user, JSON.stringify(session.user));
  else localStorage.removeItem(storageKeys.user);
  if (session.token && session.user) localStorage.setItem(storageKeys.signedIn, 'true');
  else localStorage.removeItem(storageKeys.signedIn);
};

export const signIn = (token: string, user: UserInfo): void => {
  session.token = token;
  session.user = user;
  persist();
};

export const clearSession = (): void => {
  session.token = null;
  session.user = null;
  persist();
};

/** A Refresh-Token reply carries a new token (api-core §0.3); the user stays the same. */
export const replaceToken = (token: string): void => {
  session.token = token;
  persist();
};

/** After change-userInfo or an avatar upload: the nav shows the new nickname and avatar at once. */
export const updateUser = (changes: Partial<Omit<UserInfo, 'uid' | 'username' | 'roleList'>>): void => {
  if (!session.user) return;
  session.user = { ...session.user, ...changes };
  persist();
};

export const replaceRoles = (roles: string[]): void => {
  if (!session.user) return;
  session.user = { ...session.user, roleList: roles };
  persist();
};

/**
 * Another tab may have signed in or out (spec 000 §4): when this tab becomes visible and the stored
 * token differs, take the stored session. Returns whether the tab is now signed out.
 */
export const syncFromStorage = (): 'unchanged' | 'changed' | 'signed-out' => {
  const stored = readStored();
  if (stored.token === session.token) return 'unchanged';
  session.token = stored.token;
  session.user = stored.user;
  return stored.token ? 'changed' : 'signed-out';
};
