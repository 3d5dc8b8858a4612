import { describe, expect, it } from 'vitest';
import {
  buildAccountRule,
  buildContestBody,
  defaultSealOption,
  emptyContestForm,
  parseAccountRule,
  sealOptionOf,
  sealRankTimeOf,
  validateContestForm,
} from './contest-form-state';

const form = {
  ...emptyContestForm('1', 'admin'),
  title: 'Round 1',
  description: 'Welcome',
  startTime: '2026-01-10T10:00:00.000Z',
  endTime: '2026-01-10T12:00:00.000Z',
};

describe('contest form', () => {
  it('derives sealRankTime from the seal option', () => {
    expect(sealRankTimeOf({ ...form, sealOption: 0 })).toBe('2026-01-10T11:30:00.000Z');
    expect(sealRankTimeOf({ ...form, sealOption: 1 })).toBe('2026-01-10T11:00:00.000Z');
    expect(sealRankTimeOf({ ...form, sealOption: 2 })).toBe('2026-01-10T10:00:00.000Z');
    expect(sealOptionOf(form.startTime, form.endTime, '2026-01-10T11:00:00.000Z')).toBe(1);
  });

  it('defaults the seal to the whole contest for OI and short ACM contests', () => {
    expect(defaultSealOption(form)).toBe(1);
    expect(defaultSealOption({ ...form, type: 1 })).toBe(2);
    expect(defaultSealOption({ ...form, endTime: '2026-01-10T10:30:00.000Z' })).toBe(2);
  });

  it('checks the fields in the client order', () => {
    expect(validateContestForm(form)).toBeNull();
    expect(validateContestForm({ ...form, title: ' ' })?.key).toBe('form.titleRequired');
    expect(validateContestForm({ ...form, endTime: '2026-01-10T09:00:00.000Z' })?.key).toBe('form.timeOrder');
    expect(validateContestForm({ ...form, auth: 1 })?.key).toBe('form.passwordRequired');
    expect(validateContestForm({ ...form, starAccount: ['a', 'a'] })?.key).toBe('form.duplicateStar');
  });

  it('round-trips the account rule text', () => {
    const rule = { prefix: 'team', suffix: '', from: 1, to: 20, extra: 'alice bob' };
    expect(parseAccountRule(buildAccountRule(rule))).toEqual(rule);
  });

  it('builds the body with duration and seal time', () => {
    const body = buildContestBody({ ...form, sealRank: true, auth: 1, pwd: 'secret' });
    expect(body.duration).toBe(7200);
    expect(body.sealRankTime).toBe('2026-01-10T11:00:00.000Z');
    expect(body.pwd).toBe('secret');
  });
});
