import type { Principal } from '@oj/platform';
import type { Viewer } from './contest-access';

/** The signed-in caller as the contest access and seal rules see them; null for anonymous callers. */
export const viewerOf = (principal: Principal | null | undefined): Viewer | null =>
  principal ? { userId: principal.userId, username: principal.username, isRoot: principal.role === 'root' } : null;
