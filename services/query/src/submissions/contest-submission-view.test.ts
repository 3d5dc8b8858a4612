import { describe, expect, it } from 'vitest';
import { someContestSettings } from '@oj/events/testing';
import type { ContestFacts } from '../contests/contest-access';
import { contestSubmissionView } from './contest-submission-view';

// Start 10:00, end 12:00, sealed from 11:00.
const contest = (type: 'ACM' | 'OI', overrides: Parameters<typeof someContestSettings>[0] = {}): ContestFacts => ({
  contestId: 1,
  type,
  createdBy: 'owner',
  author: 'owner',
  visible: true,
  settings: someContestSettings({
    startAt: '2026-01-10T10:00:00.000Z',
    endAt: '2026-01-10T12:00:00.000Z',
    sealRank: true,
    sealRankAt: '2026-01-10T11:00:00.000Z',
    ...overrides,
  }),
});
const participant = { userId: 'alice', username: 'alice', isRoot: false };
const owner = { userId: 'owner', username: 'owner', isRoot: false };
const root = { userId: 'root', username: 'root', isRoot: true };
const at = (clock: string) => new Date(`2026-01-10T${clock}.000Z`);

describe('contestSubmissionView', () => {
  it('seals an OI result for a participant and an anonymous viewer after the seal, not before', () => {
    expect(contestSubmissionView(contest('OI'), participant, at('10:30:00')).isResultSealed).toBe(false);
    expect(contestSubmissionView(contest('OI'), participant, at('11:30:00'))).toEqual({
      isPrivileged: false,
      isRunning: true,
      isResultSealed: true,
      hidesCaseResults: true,
    });
    expect(contestSubmissionView(contest('OI'), null, at('11:30:00')).isResultSealed).toBe(true);
  });

  it('never seals a result for the creator or root', () => {
    for (const admin of [owner, root]) {
      expect(contestSubmissionView(contest('OI'), admin, at('11:30:00'))).toEqual({
        isPrivileged: true,
        isRunning: true,
        isResultSealed: false,
        hidesCaseResults: false,
      });
    }
  });

  it('unseals at the end with autoRealRank, and keeps the seal after it without', () => {
    expect(contestSubmissionView(contest('OI'), participant, at('12:00:01')).isResultSealed).toBe(false);
    const kept = contest('OI', { autoRealRank: false });
    expect(contestSubmissionView(kept, participant, at('12:00:01'))).toMatchObject({
      isRunning: false,
      isResultSealed: true,
      hidesCaseResults: true,
    });
  });

  it('never seals an ACM result, but withholds its case results from non-admins while running', () => {
    expect(contestSubmissionView(contest('ACM'), participant, at('11:30:00'))).toEqual({
      isPrivileged: false,
      isRunning: true,
      isResultSealed: false,
      hidesCaseResults: true,
    });
    expect(contestSubmissionView(contest('ACM'), participant, at('12:00:00')).hidesCaseResults).toBe(false);
    expect(contestSubmissionView(contest('ACM'), owner, at('11:30:00')).hidesCaseResults).toBe(false);
  });
});
