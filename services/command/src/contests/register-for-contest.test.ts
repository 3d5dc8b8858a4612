import { describe, it } from 'vitest';
import type { ContestEvent } from '@oj/events';
import { aContestCreated, aContestantRegistered, someContestSettings } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { contestModel } from './contest.state';
import { contestMessages } from './contests.rejections';
import { registerForContest } from './register-for-contest';

const at = '2026-01-09T10:00:00.000Z';
const created = (overrides: Parameters<typeof someContestSettings>[0] = {}): ContestEvent => ({
  type: 'ContestCreated',
  data: aContestCreated({ contestId: 5, settings: someContestSettings({ auth: 1, password: 'secret', ...overrides }) }),
});
/** The route compares in constant time; here a plain comparison stands in for it. */
const passwordIs = (sent: string) => (stored: string) => stored === sent;
const alice = {
  userId: 'alice-uid',
  username: 'alice',
  passwordMatches: passwordIs('secret'),
  requestedAt: at,
};

describe('registerForContest', () => {
  it('registers a user who gives the right password', () => {
    given(contestModel, created())
      .when(registerForContest(alice))
      .then([
        {
          type: 'ContestantRegistered',
          data: { contestId: 5, userId: 'alice-uid', username: 'alice', registeredAt: at },
        },
      ]);
  });

  it('rejects a missing contest', () => {
    given(contestModel).when(registerForContest(alice)).thenRejects(400, contestMessages.contestMissing);
  });

  it('rejects a hidden contest', () => {
    const hidden: ContestEvent = {
      type: 'ContestVisibilityChanged',
      data: { contestId: 5, visible: false, changedBy: 'root-uid', changedAt: at },
    };
    given(contestModel, created(), hidden)
      .when(registerForContest(alice))
      .thenRejects(400, contestMessages.contestMissing);
  });

  it('rejects a wrong password (case-sensitive)', () => {
    given(contestModel, created())
      .when(registerForContest({ ...alice, passwordMatches: passwordIs('Secret') }))
      .thenRejects(400, contestMessages.wrongPassword);
  });

  it('rejects a username outside the account rule', () => {
    const rule = '<prefix>team</prefix><suffix></suffix><start>1</start><end>10</end><extra>judge</extra>';
    given(contestModel, created({ openAccountLimit: true, accountLimitRule: rule }))
      .when(registerForContest(alice))
      .thenRejects(400, contestMessages.accountRuleRegister);
  });

  it('rejects a second registration', () => {
    const registered: ContestEvent = {
      type: 'ContestantRegistered',
      data: aContestantRegistered({ contestId: 5, userId: 'alice-uid' }),
    };
    given(contestModel, created(), registered)
      .when(registerForContest(alice))
      .thenRejects(400, contestMessages.alreadyRegistered);
  });

  it('registers again after a password change cleared the registrations', () => {
    const registered: ContestEvent = { type: 'ContestantRegistered', data: aContestantRegistered({ contestId: 5 }) };
    const cleared: ContestEvent = { type: 'ContestRegistrationsCleared', data: { contestId: 5, clearedAt: at } };
    given(contestModel, created(), registered, cleared)
      .when(registerForContest(alice))
      .then([
        {
          type: 'ContestantRegistered',
          data: { contestId: 5, userId: 'alice-uid', username: 'alice', registeredAt: at },
        },
      ]);
  });
});
