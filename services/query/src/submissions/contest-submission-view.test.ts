import { describe, expect, it } from 'vitest';
import { someContestSettings } from '@oj/events/testing';
import type { ContestFacts } from '../contests/contest-access';
import { contestRowFate, contestSubmissionView, deletedContestView } from './contest-submission-view';

// Start 10:00, end 12:00, sealed from 11:00.
const contest = (type: 'ACM' | 'OI', overrides: Parameters<typeof someContestSettings>[0] = {}): ContestFacts => ({
  contestId: 1,
  type,
  createdBy: 'owner',
  author: 'owner',
  visible: true,
  settings: someContestSettings({
    auth: 0,
    startAt: '2026-01-10T10:00:00.000Z',
    endAt: '2026-01-10T12:00:00.000Z',
    sealRank: true,
    sealRankAt: '2026-01-10T11:00:00.000Z',
    ...overrides,
  }),
});
const participant = { userId: 'alice', username: 'alice', isRoot: false };
const stranger = { userId: 'bob', username: 'bob', isRoot: false };
const owner = { userId: 'owner', username: 'owner', isRoot: false };
const root = { userId: 'root', username: 'root', isRoot: true };
const at = (clock: string) => new Date(`2026-01-10T${clock}.000Z`);
const alicesRow = (clock: string) => ({ userId: 'alice', submittedAt: at(clock) });

describe('contestSubmissionView', () => {
  it('seals an OI result for a participant and an anonymous viewer after the seal, not before', () => {
    expect(contestSubmissionView(contest('OI'), participant, true, at('10:30:00')).isResultSealed).toBe(false);
    expect(contestSubmissionView(contest('OI'), participant, true, at('11:30:00'))).toEqual({
      type: 'OI',
      isPrivileged: false,
      hasAccess: true,
      isRunning: true,
      sealedFrom: at('11:00:00'),
      isResultSealed: true,
      hidesCaseResults: true,
    });
    expect(contestSubmissionView(contest('OI'), null, false, at('11:30:00')).isResultSealed).toBe(true);
  });

  it('never seals a result for the creator or root', () => {
    for (const admin of [owner, root]) {
      expect(contestSubmissionView(contest('OI'), admin, false, at('11:30:00'))).toMatchObject({
        isPrivileged: true,
        hasAccess: true,
        sealedFrom: null,
        isResultSealed: false,
        hidesCaseResults: false,
      });
    }
  });

  it('unseals at the end with autoRealRank, and keeps the seal after it without', () => {
    expect(contestSubmissionView(contest('OI'), participant, true, at('12:00:01')).isResultSealed).toBe(false);
    const kept = contest('OI', { autoRealRank: false });
    expect(contestSubmissionView(kept, participant, true, at('12:00:01'))).toMatchObject({
      isRunning: false,
      isResultSealed: true,
      hidesCaseResults: true,
    });
  });

  it('withholds ACM case results from non-admins while running', () => {
    expect(contestSubmissionView(contest('ACM'), participant, true, at('10:30:00'))).toMatchObject({
      isResultSealed: false,
      hidesCaseResults: true,
    });
    expect(contestSubmissionView(contest('ACM'), owner, false, at('11:30:00')).hidesCaseResults).toBe(false);
  });

  it('F2: withholds ACM case results while the board stays sealed after the end', () => {
    const kept = contest('ACM', { autoRealRank: false });
    expect(contestSubmissionView(kept, participant, true, at('12:30:00'))).toMatchObject({
      isRunning: false,
      sealedFrom: at('11:00:00'),
      hidesCaseResults: true,
    });
    expect(contestSubmissionView(contest('ACM'), participant, true, at('12:30:00')).hidesCaseResults).toBe(false);
  });

  it('F2: gives no access to a private contest without registration, nor to an invisible one', () => {
    const locked = contest('ACM', { auth: 1, password: 'p' });
    expect(contestSubmissionView(locked, stranger, false, at('10:30:00')).hasAccess).toBe(false);
    expect(contestSubmissionView(locked, stranger, true, at('10:30:00')).hasAccess).toBe(true);
    const invisible = { ...contest('ACM'), visible: false };
    expect(contestSubmissionView(invisible, stranger, true, at('10:30:00')).hasAccess).toBe(false);
    expect(contestSubmissionView(invisible, owner, false, at('10:30:00')).hasAccess).toBe(true);
    expect(contestSubmissionView(contest('ACM'), null, false, at('10:30:00')).hasAccess).toBe(false);
  });
});

describe('contestRowFate', () => {
  const fate = (type: 'ACM' | 'OI', viewer: typeof participant | null, row: string, now: string, registered = true) =>
    contestRowFate(
      contestSubmissionView(contest(type), viewer, registered, at(now)),
      alicesRow(row),
      viewer?.userId ?? null,
    );

  it('F2: seals another user’s ACM row made at or after the seal while the board is sealed', () => {
    expect(fate('ACM', stranger, '11:00:00', '11:30:00')).toBe('sealed');
    expect(fate('ACM', stranger, '11:20:00', '11:30:00')).toBe('sealed');
    expect(fate('ACM', stranger, '10:59:59', '11:30:00')).toBe('whole');
    expect(fate('ACM', stranger, '11:20:00', '12:30:00')).toBe('whole');
  });

  it('F2: leaves an ACM submitter their own post-seal row, but not an OI submitter', () => {
    expect(fate('ACM', participant, '11:20:00', '11:30:00')).toBe('whole');
    expect(fate('OI', participant, '11:20:00', '11:30:00')).toBe('sealed');
    expect(fate('OI', participant, '10:20:00', '11:30:00')).toBe('whole');
  });

  it('F2: hides a contest row from a viewer without contest access unless it is theirs', () => {
    expect(fate('ACM', null, '10:20:00', '10:30:00', false)).toBe('hidden');
    const locked = contestSubmissionView(contest('ACM', { auth: 1, password: 'p' }), stranger, false, at('10:30:00'));
    expect(contestRowFate(locked, alicesRow('10:20:00'), 'bob')).toBe('hidden');
    expect(contestRowFate(locked, { userId: 'bob', submittedAt: at('10:20:00') }, 'bob')).toBe('whole');
  });

  it('shows every row whole to the contest admins', () => {
    for (const admin of [owner, root]) expect(fate('ACM', admin, '11:20:00', '11:30:00', false)).toBe('whole');
  });

  it('F2: answers a deleted contest’s rows to root and their submitter only', () => {
    expect(contestRowFate(deletedContestView(stranger), alicesRow('10:00:00'), 'bob')).toBe('hidden');
    expect(contestRowFate(deletedContestView(participant), alicesRow('10:00:00'), 'alice')).toBe('whole');
    expect(contestRowFate(deletedContestView(root), alicesRow('10:00:00'), 'root')).toBe('whole');
  });
});
