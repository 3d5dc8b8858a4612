import { describe, expect, it } from 'vitest';
import { matchesAccountRule, type ContestEvent } from '@oj/events';
import { aContestCreated, aContestantRegistered, someContestSettings } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { contestModel } from './contest.state';
import type { AdminContestBody } from '@oj/contracts';
import { contestMessages } from './contests.rejections';
import { createContest } from './create-contest';
import { editContest } from './edit-contest';

const at = '2026-01-09T10:00:00.000Z';
const root = { userId: 'root-uid', username: 'root', isRoot: true };
const body: AdminContestBody = {
  title: 'Weekly',
  type: 0,
  description: 'd',
  auth: 1,
  pwd: 'secret',
  startTime: '2026-01-10T10:00:00.000Z',
  endTime: '2026-01-10T12:00:00.000Z',
  sealRank: true,
  sealRankTime: '2026-01-10T11:00:00.000Z',
};

describe('createContest', () => {
  it('creates the contest with the caller as creator and the duration from the times', () => {
    const [event] = createContest({ contestId: 9, body, actor: root, createdAt: at })(contestModel.initialState);
    expect(event).toMatchObject({
      type: 'ContestCreated',
      data: {
        contestId: 9,
        type: 'ACM',
        createdBy: 'root-uid',
        author: 'root',
        settings: { durationSeconds: 7200, sealRankAt: '2026-01-10T11:00:00.000Z', autoRealRank: true },
      },
    });
  });

  it.each([
    [{ title: ' ' }, contestMessages.titleBlank],
    [{ title: 'x'.repeat(501) }, contestMessages.titleTooLong],
    [{ type: 3 }, contestMessages.typeWrong],
    [{ type: 1, oiRankScoreType: 'Best' }, contestMessages.oiScoreTypeWrong],
    [{ auth: 4 }, contestMessages.authWrong],
  ])('rejects an invalid form %o', (change, message) => {
    given(contestModel)
      .when(createContest({ contestId: 9, body: { ...body, ...change }, actor: root, createdAt: at }))
      .thenRejects(400, message);
  });
});

describe('editContest', () => {
  const created: ContestEvent = {
    type: 'ContestCreated',
    data: aContestCreated({
      contestId: 9,
      createdBy: 'owner-uid',
      settings: someContestSettings({ auth: 1, password: 'secret' }),
    }),
  };
  const registered: ContestEvent = { type: 'ContestantRegistered', data: aContestantRegistered({ contestId: 9 }) };
  const owner = { userId: 'owner-uid', username: 'owner', isRoot: false };

  it('clears the registrations when the password of a private contest changes', () => {
    const events = editContest({ body: { ...body, pwd: 'other' }, actor: owner, changedAt: at })(
      [created, registered].reduce(contestModel.evolve, contestModel.initialState),
    );
    expect(events.map((event) => event.type)).toEqual(['ContestSettingsChanged', 'ContestRegistrationsCleared']);
  });

  it('keeps the registrations when the password stays', () => {
    const events = editContest({ body, actor: owner, changedAt: at })(
      [created, registered].reduce(contestModel.evolve, contestModel.initialState),
    );
    expect(events.map((event) => event.type)).toEqual(['ContestSettingsChanged']);
  });

  it('rejects a caller who is neither root nor the creator', () => {
    given(contestModel, created)
      .when(editContest({ body, actor: { userId: 'x', username: 'x', isRoot: false }, changedAt: at }))
      .thenRejects(403, contestMessages.adminNoPermission);
  });

  it('rejects a change of type (locked after creation)', () => {
    given(contestModel, created)
      .when(editContest({ body: { ...body, type: 1 }, actor: owner, changedAt: at }))
      .thenRejects(400, contestMessages.typeLocked);
  });
});

describe('matchesAccountRule', () => {
  const rule = '<prefix>team</prefix><suffix>x</suffix><start>1</start><end>20</end><extra>judge  guest</extra>';
  it.each([
    ['team1x', true],
    ['team20x', true],
    ['team21x', false],
    ['team01x', false],
    ['judge', true],
    ['guest', true],
    ['alice', false],
  ])('%s → %s', (username, expected) => {
    expect(matchesAccountRule(rule, username)).toBe(expected);
  });
});
