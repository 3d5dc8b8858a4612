import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ContestEvent, ContestSettings } from '@oj/events';
import { aContestCreated, someContestSettings } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { fold } from '../handling/decider';
import { cloneContest } from './clone-contest';
import { contestModel } from './contest.state';
import { contestMessages } from './contests.rejections';

const at = '2026-02-01T08:00:00.000Z';
const owner = { userId: 'owner-uid', username: 'owner', isRoot: false };
const root = { userId: 'root-uid', username: 'root', isRoot: true };
const otherAdmin = { userId: 'other-uid', username: 'other', isRoot: false };

const originalOf = (settings: ContestSettings, changes: ContestEvent[] = [], type: 'ACM' | 'OI' = 'ACM') => {
  const created: ContestEvent = {
    type: 'ContestCreated',
    data: aContestCreated({ contestId: 7, type, createdBy: 'owner-uid', author: 'owner', settings }),
  };
  return fold(contestModel, [created, ...changes]).contest;
};
const privateSettings = someContestSettings({ title: 'Finals', auth: 1, password: 'secret', source: 'ICPC' });

const instant = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());
const award = fc.record({
  priority: fc.integer({ min: 0, max: 5 }),
  name: fc.string(),
  background: fc.string(),
  color: fc.string(),
  num: fc.option(fc.integer({ min: 0, max: 100 })),
});
/** Any settings the create form can produce (title short enough to take the suffix, awards sorted). */
const settingsArbitrary: fc.Arbitrary<ContestSettings> = fc
  .record({
    title: fc.string({ minLength: 1, maxLength: 491 }).filter((title) => title.trim() !== ''),
    description: fc.string(),
    source: fc.string(),
    auth: fc.constantFrom(0 as const, 1 as const, 2 as const),
    password: fc.option(fc.string()),
    startAt: instant,
    endAt: instant,
    durationSeconds: fc.integer({ min: 0, max: 10_000_000 }),
    sealRank: fc.boolean(),
    sealRankAt: fc.option(instant),
    autoRealRank: fc.boolean(),
    openPrint: fc.boolean(),
    openRank: fc.boolean(),
    rankShowName: fc.constantFrom('username' as const, 'nickname' as const, 'realname' as const),
    openAccountLimit: fc.boolean(),
    accountLimitRule: fc.option(fc.string()),
    allowEndSubmit: fc.boolean(),
    starAccounts: fc.array(fc.string()),
    oiRankScoreType: fc.constantFrom('Recent' as const, 'Highest' as const),
    awardType: fc.constantFrom(0 as const, 1 as const, 2 as const),
    awards: fc.array(award, { maxLength: 4 }),
  })
  .map((settings) => ({
    ...settings,
    awards: settings.awardType === 0 ? [] : [...settings.awards].sort((a, b) => a.priority - b.priority),
  }));

describe('cloneContest', () => {
  it('copies every setting, with " [Cloned]" after the title and the original id as source (any settings)', () => {
    fc.assert(
      fc.property(settingsArbitrary, fc.constantFrom('ACM' as const, 'OI' as const), (settings, type) => {
        const original = originalOf(settings, [], type);
        const events = cloneContest({ contestId: 12, original, actor: owner, clonedAt: at })(contestModel.initialState);
        expect(events).toEqual([
          {
            type: 'ContestCreated',
            data: {
              contestId: 12,
              type,
              createdBy: 'owner-uid',
              author: 'owner',
              groupId: null,
              settings: { ...settings, title: `${settings.title} [Cloned]`, source: '7' },
              createdAt: at,
            },
          },
        ]);
      }),
    );
  });

  it('makes root the creator of a clone root asks for', () => {
    const [created] = cloneContest({ contestId: 12, original: originalOf(privateSettings), actor: root, clonedAt: at })(
      contestModel.initialState,
    );
    expect(created).toMatchObject({
      data: { createdBy: 'root-uid', author: 'root', settings: { password: 'secret', title: 'Finals [Cloned]' } },
    });
  });

  it('keeps a hidden original hidden in its clone', () => {
    const hidden: ContestEvent = {
      type: 'ContestVisibilityChanged',
      data: { contestId: 7, visible: false, changedBy: 'owner-uid', changedAt: at },
    };
    const original = originalOf(privateSettings, [hidden]);
    const events = cloneContest({ contestId: 12, original, actor: owner, clonedAt: at })(contestModel.initialState);
    expect(events.map((event) => event.type)).toEqual(['ContestCreated', 'ContestVisibilityChanged']);
    expect(events[1]?.data).toEqual({ contestId: 12, visible: false, changedBy: 'owner-uid', changedAt: at });
  });

  it('refuses an admin who did not create the original (HOJ has no such check)', () => {
    given(contestModel)
      .when(cloneContest({ contestId: 12, original: originalOf(privateSettings), actor: otherAdmin, clonedAt: at }))
      .thenRejects(403, contestMessages.adminNoPermission);
  });

  it('refuses a missing original', () => {
    given(contestModel)
      .when(cloneContest({ contestId: 12, original: null, actor: root, clonedAt: at }))
      .thenRejects(400, contestMessages.cloneMissing);
  });

  it('refuses a title that the suffix makes too long, as the create form would', () => {
    const original = originalOf(someContestSettings({ title: 'x'.repeat(495) }));
    given(contestModel)
      .when(cloneContest({ contestId: 12, original, actor: owner, clonedAt: at }))
      .thenRejects(400, contestMessages.titleTooLong);
  });
});
