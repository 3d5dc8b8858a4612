import { describe, expect, it } from 'vitest';
import {
  countdown,
  hasRealTimePermission,
  hidesVerdicts,
  isContestAdmin,
  isMenuDisabled,
  progressPercent,
  statusAt,
  submitBlock,
  visibleTabs,
} from './contest-rules';

const at = (clock: string) => new Date(`2026-01-10T${clock}:00Z`).getTime();
const contest = {
  startTime: '2026-01-10T10:00:00Z',
  endTime: '2026-01-10T12:00:00Z',
  auth: 0,
  type: 0,
  author: 'admin',
  sealRank: true,
  sealRankTime: '2026-01-10T11:00:00Z',
  allowEndSubmit: false,
  openPrint: true,
};

describe('contest rules', () => {
  it('derives the status from the clock with half-open intervals', () => {
    expect(statusAt(contest, at('09:59'))).toBe(-1);
    expect(statusAt(contest, at('10:00'))).toBe(0);
    expect(statusAt(contest, at('12:00'))).toBe(1);
  });

  it('grants real-time permission before the seal, to admins and after the end', () => {
    expect(hasRealTimePermission(contest, at('10:30'), false)).toBe(true);
    expect(hasRealTimePermission(contest, at('11:30'), false)).toBe(false);
    expect(hasRealTimePermission(contest, at('11:30'), true)).toBe(true);
    expect(hasRealTimePermission(contest, at('12:30'), false)).toBe(true);
    expect(hasRealTimePermission({ ...contest, sealRank: false }, at('11:30'), false)).toBe(true);
  });

  it('hides verdicts only in a sealed OI contest', () => {
    expect(hidesVerdicts(contest, at('11:30'), false)).toBe(false);
    expect(hidesVerdicts({ ...contest, type: 1 }, at('11:30'), false)).toBe(true);
    expect(hidesVerdicts({ ...contest, type: 1 }, at('11:30'), true)).toBe(false);
  });

  it('treats the author by username and root as contest admins', () => {
    expect(isContestAdmin(contest, { username: 'admin', roleList: [] })).toBe(true);
    expect(isContestAdmin(contest, { username: 'x', roleList: ['root'] })).toBe(true);
    expect(isContestAdmin(contest, { username: 'x', roleList: ['admin'] })).toBe(false);
    expect(isContestAdmin(contest, null)).toBe(false);
  });

  it('disables menus while scheduled and for a private contest without access', () => {
    expect(isMenuDisabled(contest, at('09:00'), false, true)).toBe(true);
    expect(isMenuDisabled(contest, at('09:00'), true, false)).toBe(false);
    expect(isMenuDisabled({ ...contest, auth: 1 }, at('10:30'), false, false)).toBe(true);
    expect(isMenuDisabled({ ...contest, auth: 1 }, at('10:30'), false, true)).toBe(false);
    expect(isMenuDisabled({ ...contest, auth: 2 }, at('10:30'), false, false)).toBe(false);
  });

  it('blocks submits by the client rules of reference §2.4', () => {
    const user = { isSignedIn: true, isAdmin: false, hasAccess: false };
    expect(submitBlock(contest, at('10:30'), { ...user, isSignedIn: false })).toBe('signIn');
    expect(submitBlock(contest, at('12:30'), user)).toBe('ended');
    expect(submitBlock({ ...contest, allowEndSubmit: true }, at('12:30'), user)).toBeNull();
    expect(submitBlock(contest, at('09:00'), user)).toBe('scheduled');
    expect(submitBlock(contest, at('09:00'), { ...user, isAdmin: true })).toBeNull();
    expect(submitBlock({ ...contest, auth: 2 }, at('10:30'), user)).toBe('register');
    expect(submitBlock({ ...contest, auth: 2 }, at('10:30'), { ...user, hasAccess: true })).toBeNull();
  });

  it('shows admin tabs to contest admins only, and ACM-only tabs for ACM', () => {
    const viewer = { isAdmin: false, isRoot: false, openContestComment: false };
    expect(visibleTabs(contest, viewer)).toEqual([
      'overview',
      'problems',
      'submissions',
      'rank',
      'announcements',
      'print',
    ]);
    const admin = visibleTabs({ ...contest, type: 1 }, { ...viewer, isAdmin: true, isRoot: true });
    expect(admin).toContain('adminPrint');
    expect(admin).toContain('rejudge');
    expect(admin).not.toContain('acInfo');
    expect(admin).not.toContain('scrollBoard');
  });

  it('counts down to the start, then the end', () => {
    expect(countdown(contest, at('09:00'))).toEqual({ kind: 'startsIn', text: '-01:00:00' });
    expect(countdown(contest, at('11:30'))).toEqual({ kind: 'remaining', text: '-00:30:00' });
    expect(countdown(contest, at('12:00'))).toEqual({ kind: 'ended' });
    expect(countdown({ ...contest, startTime: '2026-01-30T10:00:00Z' }, at('10:00')).kind).toBe('startsAt');
    expect(progressPercent(contest, at('11:00'))).toBe(50);
  });
});
