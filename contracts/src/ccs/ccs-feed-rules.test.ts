import { describe, expect, it } from 'vitest';
import { ccsFeedViolations } from './ccs-feed-rules';

const contest = {
  id: '1',
  name: 'Spring',
  start_time: '2026-03-01T10:00:00.000+00:00',
  duration: '5:00:00.000',
  scoreboard_type: 'pass-fail',
};
const submission = {
  id: '31',
  language_id: 'cpp',
  problem_id: '5',
  team_id: 'u1',
  time: '2026-03-01T10:30:00.000+00:00',
  contest_time: '0:30:00.000',
  files: [{ href: 'contests/1/submissions/31/files', mime: 'application/zip' }],
};
const judgement = (type: string | null, end: string | null) => ({
  id: '31-0',
  submission_id: '31',
  judgement_type_id: type,
  start_time: '2026-03-01T10:30:00.000+00:00',
  start_contest_time: '0:30:00.000',
  end_time: end,
  end_contest_time: end === null ? null : '0:30:05.000',
});
const valid = [
  { type: 'contest', id: null, data: contest, token: '1' },
  { type: 'judgement-types', id: 'WA', data: { id: 'WA', name: 'wrong', penalty: true, solved: false }, token: '1' },
  { type: 'problems', id: '5', data: { id: '5', label: 'A', name: 'Sum', ordinal: 0, test_data_count: 1 }, token: '2' },
  { type: 'teams', id: 'u1', data: { id: 'u1', name: 'alice' }, token: '3' },
  {
    type: 'languages',
    id: 'cpp',
    data: { id: 'cpp', name: 'C++', entry_point_required: false, extensions: ['cpp'] },
    token: '4',
  },
  { type: 'submissions', id: '31', data: submission, token: '4' },
  { type: 'judgements', id: '31-0', data: judgement(null, null), token: '4' },
  { type: 'judgements', id: '31-0', data: judgement('WA', '2026-03-01T10:30:05.000+00:00'), token: '5' },
];

describe('the event feed rules (2023-06)', () => {
  it('a feed by the rules has no violation', () => {
    expect(ccsFeedViolations(valid)).toEqual([]);
  });

  it('finds a reference to an object not announced yet, unless the lines are a resumed tail', () => {
    const tail = valid.slice(5);
    expect(ccsFeedViolations(tail).join()).toContain('names no');
    expect(ccsFeedViolations(tail, { resumed: true })).toEqual([]);
  });

  it('finds broken object rules: id pattern, RELTIME, type without end, tokens going back, singleton ids', () => {
    const broken = (index: number, line: object) => valid.map((original, at) => (at === index ? line : original));
    const cases = [
      broken(5, { ...valid[5], data: { ...submission, contest_time: '00:30:00.000' } }),
      broken(3, { type: 'teams', id: 'u1.', data: { id: 'u1.', name: 'alice' }, token: '3' }),
      broken(7, { ...valid[7], data: judgement('WA', null) }),
      broken(7, { ...valid[7], data: judgement('XYZ', '2026-03-01T10:30:05.000+00:00') }),
      broken(7, { ...valid[7], token: '3' }),
      broken(0, { ...valid[0], id: '1' }),
      broken(6, { ...valid[6], id: '31-9' }),
      broken(0, { ...valid[0], data: { ...contest, scoreboard_type: 'score' } }),
    ];
    for (const lines of cases) expect(ccsFeedViolations(lines)).not.toEqual([]);
  });
});
