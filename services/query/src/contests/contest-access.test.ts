import { describe, expect, it } from 'vitest';
import { someContestSettings } from '@oj/events/testing';
import { accessMessages, contestAccessFailure, isSealedFor, type ContestFacts } from './contest-access';

// 2.21.2: start 10:00, end 12:00, sealed from 11:00.
const contest = (overrides: Parameters<typeof someContestSettings>[0] = {}): ContestFacts => ({
  contestId: 1,
  type: 'ACM',
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
const at = (clock: string) => new Date(`2026-01-10T${clock}.000Z`);

describe('isSealedFor', () => {
  it('seals a participant strictly inside (sealRankTime, endTime)', () => {
    expect(isSealedFor(contest(), participant, false, at('10:59:59'))).toBe(false);
    expect(isSealedFor(contest(), participant, false, at('11:00:00'))).toBe(false);
    expect(isSealedFor(contest(), participant, false, at('11:30:00'))).toBe(true);
    expect(isSealedFor(contest(), participant, false, at('12:00:00'))).toBe(false);
  });

  it('keeps the board sealed after the end without autoRealRank (but live at the end instant, quirk 24)', () => {
    expect(isSealedFor(contest({ autoRealRank: false }), participant, false, at('12:30:00'))).toBe(true);
    expect(isSealedFor(contest({ autoRealRank: false }), participant, false, at('12:00:00'))).toBe(false);
    expect(isSealedFor(contest(), participant, false, at('12:30:00'))).toBe(false);
  });

  it('lifts the seal with Force Update for contest admins only', () => {
    expect(isSealedFor(contest(), owner, true, at('11:30:00'))).toBe(false);
    expect(isSealedFor(contest(), owner, false, at('11:30:00'))).toBe(true);
    expect(isSealedFor(contest(), participant, true, at('11:30:00'))).toBe(true);
    expect(isSealedFor(contest(), null, true, at('11:30:00'))).toBe(true);
  });

  it('never seals without sealRank', () => {
    expect(isSealedFor(contest({ sealRank: false }), participant, false, at('11:30:00'))).toBe(false);
  });
});

describe('contestAccessFailure', () => {
  it('checks in HOJ order: missing, admin, scheduled, private registration', () => {
    expect(contestAccessFailure(null, participant, false, at('11:00:00'))?.text).toEqual(accessMessages.contestMissing);
    expect(contestAccessFailure(contest({ auth: 1 }), owner, false, at('09:00:00'))).toBeNull();
    expect(contestAccessFailure(contest(), participant, false, at('09:00:00'))?.text).toEqual(
      accessMessages.notStarted,
    );
    expect(contestAccessFailure(contest({ auth: 1 }), participant, false, at('11:00:00'))?.text).toEqual(
      accessMessages.registerFirst,
    );
    expect(contestAccessFailure(contest({ auth: 1 }), participant, true, at('11:00:00'))).toBeNull();
    expect(contestAccessFailure(contest({ auth: 2 }), participant, false, at('11:00:00'))).toBeNull();
  });
});
