import type { Principal } from '@oj/platform';
import type { Viewer } from './contest-access';

/** The signed-in caller as the contest access and seal rules see them; null for anonymous callers. */
export function viewerOf(principal: Principal): Viewer;
export function viewerOf(principal: Principal | null | undefined): Viewer | null;
export function viewerOf(principal: Principal | null | undefined): Viewer | null {
  return principal
    ? { userId: principal.userId, username: principal.username, isRoot: principal.role === 'root' }
    : null;
}
