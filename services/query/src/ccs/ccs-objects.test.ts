/* eslint-disable max-lines -- one fixture contest read through every CCS object mapper. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ccsAward,
  ccsContest,
  ccsEvent,
  ccsJudgement,
  ccsJudgementType,
  ccsLanguage,
  ccsProblem,
  ccsRelTime,
  ccsRun,
  ccsScoreboard,
  ccsState,
  ccsSubmission,
  ccsTeam,
  ccsTime,
} from '@oj/contracts';
import type { ContestSettings } from '@oj/events';
import { someContestSettings } from '@oj/events/testing';
import {
  ccsFeedViolations,
  ccsObjectSchemaOf,
  type CcsContest,
  type CcsJudgement,
  type CcsProblem,
  type CcsTeam,
} from '@oj/contracts';
import {
  ccsAwardsOf,
  ccsContestOf,
  ccsJudgementOf,
  ccsJudgementTypeOf,
  ccsJudgementTypes,
  ccsLanguageOf,
  ccsProblemOf,
  ccsRelTimeOf,
  ccsRunOf,
  ccsScoreboardOf,
  ccsStateOf,
  ccsSubmissionOf,
  ccsTeamOf,
  ccsTimeOf,
  isJudgementVisible,
} from './ccs-objects';
import { ccsFeedLines, linesAfter, type FeedEntry } from './ccs-event-feed';

const settings: ContestSettings = someContestSettings({
  title: 'Spring',
  description: '',
  startAt: '2026-03-01T10:00:00.000Z',
  endAt: '2026-03-01T15:00:00.000Z',
  sealRank: true,
  sealRankAt: '2026-03-01T14:00:00.000Z',
});
const contest = { contestId: 7, type: 'ACM' as const, title: 'Spring', settings };
const at = (time: string) => new Date(`2026-03-01T${time}Z`);

describe('CCS times', () => {
  it('formats TIME with an explicit offset and RELTIME as h:mm:ss.uuu', () => {
    expect(ccsTimeOf('2026-03-01T10:00:00.000Z')).toBe('2026-03-01T10:00:00.000+00:00');
    expect(ccsRelTimeOf(0)).toBe('0:00:00.000');
    expect(ccsRelTimeOf(5 * 3_600_000 + 61_001)).toBe('5:01:01.001');
    expect(ccsRelTimeOf(-1500)).toBe('-0:00:01.500');
  });

  it('every duration and instant gives a text the spec rules accept', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (milliseconds) => {
        expect(ccsRelTime.safeParse(ccsRelTimeOf(milliseconds)).success).toBe(true);
        expect(ccsTime.safeParse(ccsTimeOf(new Date(1.7e12 + milliseconds))).success).toBe(true);
      }),
    );
  });
});

describe('CCS objects', () => {
  it('the contest: duration, freeze duration and pass-fail board', () => {
    const object = ccsContestOf(contest);
    expect(ccsContest.parse(object)).toEqual(object);
    expect(object).toMatchObject({
      id: '7',
      duration: '5:00:00.000',
      scoreboard_freeze_duration: '1:00:00.000',
      scoreboard_type: 'pass-fail',
    });
    expect(ccsContestOf({ ...contest, type: 'OI', settings: { ...settings, sealRank: false } })).toMatchObject({
      scoreboard_type: 'score',
      scoreboard_freeze_duration: null,
    });
  });

  it('maps every verdict of ours to a known judgement type, or none while judging or cancelled', () => {
    const known = new Set(ccsJudgementTypes.map((type) => ccsJudgementType.parse(type).id));
    for (const verdict of ['AC', 'WA', 'PE', 'TLE', 'MLE', 'RE', 'CE', 'SE', 'PA', 'SF']) {
      expect(known.has(ccsJudgementTypeOf(verdict) ?? '')).toBe(true);
    }
    expect(ccsJudgementTypeOf('RE')).toBe('RTE');
    expect(ccsJudgementTypeOf('Pending')).toBeNull();
    expect(ccsJudgementTypeOf('CA')).toBeNull();
  });

  it('languages, problems and teams follow the id rules', () => {
    for (const name of ['C++', 'C#', 'Python3', 'Java', 'Golang', '.weird lang']) {
      expect(ccsLanguage.safeParse(ccsLanguageOf(name)).success).toBe(true);
    }
    expect(ccsLanguageOf('C++').id).toBe('cpp');
    const problem = {
      contestProblemId: 3,
      displayId: 'A',
      displayTitle: 'Sum',
      color: '#ff0000',
      timeLimitMs: 1500,
      testDataCount: 4,
    };
    expect(ccsProblem.parse(ccsProblemOf(problem, 0))).toMatchObject({
      id: '3',
      label: 'A',
      time_limit: 1.5,
      rgb: '#ff0000',
    });
    expect(ccsProblem.safeParse(ccsProblemOf({ ...problem, color: 'red', timeLimitMs: null }, 1)).success).toBe(true);
    expect(
      ccsTeam.safeParse(ccsTeamOf({ userId: 'a1b2c3d4-e5f6-4a5b-8c9d-0e1f2a3b4c5d', username: 'alice' })).success,
    ).toBe(true);
  });

  it('the state: frozen at the seal, final once ended with the board open', () => {
    const during = ccsState.parse(ccsStateOf(settings, at('14:30:00'), false));
    expect(during).toMatchObject({ frozen: '2026-03-01T14:00:00.000+00:00', ended: null, end_of_updates: null });
    const sealedAfter = ccsStateOf(settings, at('16:00:00'), false);
    expect(sealedAfter.ended).not.toBeNull();
    expect(sealedAfter.end_of_updates).toBeNull();
    const open = ccsState.parse(ccsStateOf(settings, at('16:00:00'), true));
    expect(open).toMatchObject({ thawed: open.ended, finalized: open.ended, end_of_updates: open.ended });
  });

  it('submissions and judgements carry contest times and a judgement per attempt', () => {
    const submission = {
      submissionId: 11,
      contestProblemId: 3,
      userId: 'u1',
      language: 'C++',
      submittedAt: at('10:05:00'),
    };
    expect(ccsSubmission.parse(ccsSubmissionOf(contest, submission, 'contests/7/submissions/11/files'))).toMatchObject({
      contest_time: '0:05:00.000',
      language_id: 'cpp',
    });
    const judging = {
      submissionId: 11,
      attempt: 1,
      verdict: 'Pending',
      startedAt: at('10:05:00'),
      endedAt: null,
      timeMs: null,
    };
    expect(ccsJudgement.parse(ccsJudgementOf(contest, judging))).toMatchObject({
      id: '11-1',
      judgement_type_id: null,
      end_time: null,
    });
    const judged = ccsJudgement.parse(
      ccsJudgementOf(contest, { ...judging, verdict: 'RE', endedAt: at('10:05:02'), timeMs: 250 }),
    );
    expect(judged).toMatchObject({ judgement_type_id: 'RTE', end_contest_time: '0:05:02.000', max_run_time: 0.25 });
  });

  it("a test case is a run of its attempt's judgement; a case without a verdict type is no run", () => {
    const run = { submissionId: 11, attempt: 2, ordinal: 1, status: 'RE', timeMs: 120, at: at('10:06:00') };
    expect(ccsRun.parse(ccsRunOf(contest, run))).toMatchObject({
      id: '11-2-1',
      judgement_id: '11-2',
      judgement_type_id: 'RTE',
      run_time: 0.12,
    });
    expect(ccsRunOf(contest, { ...run, status: 'CA' })).toBeNull();
  });

  it('the public role sees no judgement of a submission made during the freeze while sealed; admins see all', () => {
    const late = at('14:10:00');
    expect(isJudgementVisible(settings, late, { isAdmin: false, isSealed: true })).toBe(false);
    expect(isJudgementVisible(settings, at('13:59:59'), { isAdmin: false, isSealed: true })).toBe(true);
    expect(isJudgementVisible(settings, late, { isAdmin: true, isSealed: true })).toBe(true);
    expect(isJudgementVisible(settings, late, { isAdmin: false, isSealed: false })).toBe(true);
  });

  it('the pass-fail scoreboard: solved, then time with 20 minutes per penalised attempt; CE costs nothing', () => {
    const s = (userId: string, minute: number, verdict: string | null) => ({
      userId,
      contestProblemId: 1,
      submittedAt: new Date(Date.parse(settings.startAt) + minute * 60_000),
      verdict,
    });
    const board = ccsScoreboard.parse(
      ccsScoreboardOf(
        contest,
        ccsStateOf(settings, at('12:00:00'), false),
        at('12:00:00'),
        ['a', 'b', 'c'],
        [1],
        [s('a', 10, 'WA'), s('a', 30, 'AC'), s('b', 5, 'CE'), s('b', 50, 'AC'), s('c', 20, null)],
      ),
    );
    // a: 30 + 20 for the WA; b: 50, the CE free; a tie shares rank 1, ordered by team id.
    expect(board.rows.map((row) => [row.team_id, row.rank, row.score])).toEqual([
      ['a', 1, { num_solved: 1, total_time: '0:50:00.000' }],
      ['b', 1, { num_solved: 1, total_time: '0:50:00.000' }],
      ['c', 3, { num_solved: 0, total_time: '0:00:00.000' }],
    ]);
    expect(board.rows.find((row) => row.team_id === 'c')?.problems[0]).toMatchObject({ num_pending: 1, solved: false });
    expect(board.rows.map((row) => row.problems[0]?.first_to_solve)).toEqual([true, false, undefined]);
    const awards = ccsAwardsOf(board, new Map([['1', 'A']])).map((award) => ccsAward.parse(award));
    expect(awards).toEqual([
      { id: 'winner', citation: 'Contest winner', team_ids: ['a', 'b'] },
      { id: 'first-to-solve-1', citation: 'First to solve problem A', team_ids: ['a'] },
    ]);
  });
});

describe('CCS event feed', () => {
  const submissionOf = (submissionId: number, submittedAt: Date) => ({
    submissionId,
    contestProblemId: 3,
    submitterId: 'u1',
    username: 'alice',
    language: 'C++',
    submittedMs: submittedAt.getTime(),
  });
  const entry = (position: number, kind: string, extra: Partial<FeedEntry> = {}): FeedEntry => ({
    position: String(position),
    kind,
    submissionId: null,
    problemId: null,
    userId: null,
    command: '',
    recordedMs: at('10:00:00').getTime(),
    changes: null,
    verdict: null,
    score: null,
    attempt: null,
    contestProblemId: null,
    submitterId: null,
    username: null,
    language: null,
    submittedMs: null,
    ...extra,
  });
  const entries: FeedEntry[] = [
    entry(3, 'contest', {
      changes: [
        { field: 'type', after: 'ACM' },
        { field: 'title', after: 'Spring draft' },
        { field: 'endAt', after: '2026-03-01T14:00:00.000Z' },
      ],
    }),
    entry(4, 'contest', { changes: [{ field: 'title', after: 'Spring' }] }),
    entry(5, 'contest-problem', {
      problemId: 9,
      changes: [
        { field: 'displayId', after: 'A' },
        { field: 'displayTitle', after: 'Sum draft' },
      ],
    }),
    entry(6, 'contest-problem', { problemId: 9, changes: [{ field: 'displayTitle', after: 'Sum' }] }),
    entry(8, 'registration', { userId: 'u1', changes: [{ field: 'registered', after: 'alice' }] }),
    entry(12, 'submission', {
      userId: 'u1',
      command: 'SubmitCode',
      recordedMs: at('10:05:00').getTime(),
      ...submissionOf(11, at('10:05:00')),
    }),
    entry(14, 'verdict', {
      submissionId: 11,
      recordedMs: at('10:05:03').getTime(),
      verdict: 'WA',
    }),
    entry(20, 'submission', {
      userId: 'u1',
      command: 'SubmitCode',
      recordedMs: at('14:10:00').getTime(),
      ...submissionOf(12, at('14:10:00')),
    }),
    entry(21, 'verdict', {
      submissionId: 12,
      recordedMs: at('14:10:03').getTime(),
      verdict: 'AC',
    }),
    entry(30, 'rejudge', {
      submissionId: 11,
      recordedMs: at('16:00:00').getTime(),
      attempt: '1',
    }),
    entry(31, 'verdict', {
      submissionId: 11,
      recordedMs: at('16:00:02').getTime(),
      verdict: 'AC',
    }),
  ];
  const sources = (isAdmin: boolean) => ({
    contest,
    problemsByProblemId: new Map([
      [
        9,
        [
          ccsProblemOf(
            {
              contestProblemId: 3,
              displayId: 'A',
              displayTitle: 'Sum',
              color: null,
              timeLimitMs: 1000,
              testDataCount: 1,
            },
            0,
          ),
        ],
      ],
    ]),
    filesHref: () => 'f',
    schoolsByUserId: new Map([['u1', '北京大学']]),
    isAdmin,
    isSealed: !isAdmin,
    state: ccsStateOf(settings, at('16:30:00'), false),
  });
  const schemaOf = ccsObjectSchemaOf;

  it('every line validates, carries its event position as token, in order', () => {
    const lines = ccsFeedLines(entries, sources(true));
    for (const line of lines) {
      expect(ccsEvent.safeParse(line).success).toBe(true);
      expect(line.data === null || schemaOf[line.type]?.safeParse(line.data).success).toBe(true);
    }
    const tokens = lines.map((line) => BigInt(line.token));
    expect(tokens).toEqual([...tokens].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(lines.filter((line) => line.type === 'judgements').map((line) => line.id)).toEqual([
      '11-0',
      '11-0',
      '12-0',
      '12-0',
      '11-1',
      '11-1',
    ]);
  });

  it('each line holds the object as it was at its token, not as it is today', () => {
    const lines = ccsFeedLines(entries, sources(true));
    const contests = lines.filter((line) => line.type === 'contest').map((line) => line.data as CcsContest);
    expect(contests.map((object) => [object.name, object.duration])).toEqual([
      ['Spring draft', '4:00:00.000'],
      ['Spring', '4:00:00.000'],
    ]);
    const problems = lines.filter((line) => line.type === 'problems').map((line) => (line.data as CcsProblem).name);
    expect(problems).toEqual(['Sum draft', 'Sum']);
    // A judgement line is the verdict of its event: WA, then a rejudge's new judgement pending, then AC.
    const first = lines
      .filter((line) => line.id === '11-0')
      .map((line) => (line.data as CcsJudgement).judgement_type_id);
    expect(first).toEqual([null, 'WA']);
    const ends = lines.filter((line) => line.type === 'judgements').map((line) => (line.data as CcsJudgement).end_time);
    expect(ends).toEqual([
      null,
      '2026-03-01T10:05:03.000+00:00',
      null,
      '2026-03-01T14:10:03.000+00:00',
      null,
      '2026-03-01T16:00:02.000+00:00',
    ]);
  });

  it("a team's organization is its school, announced before the team; the feed keeps the spec rules", () => {
    const lines = ccsFeedLines(entries, sources(true));
    const organization = lines.findIndex((line) => line.type === 'organizations');
    const team = lines.findIndex((line) => line.type === 'teams');
    expect(organization).toBeGreaterThan(-1);
    expect(organization).toBeLessThan(team);
    expect((lines[team]?.data as CcsTeam).organization_id).toBe(lines[organization]?.id);
    expect(lines[organization]?.data).toMatchObject({ name: '北京大学' });
    expect(ccsFeedViolations(lines)).toEqual([]);
  });

  it('the public role gets no judgement of a submission made during the freeze while sealed', () => {
    const lines = ccsFeedLines(entries, sources(false));
    const judged = lines.filter((line) => line.type === 'judgements').map((line) => line.id);
    expect(judged).not.toContain('12-0');
    expect(lines.filter((line) => line.type === 'submissions').map((line) => line.id)).toEqual(['11', '12']);
  });

  it('resuming after any token gives the rest: no gap, no duplicate', () => {
    const lines = ccsFeedLines(entries, sources(true));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), (since) => {
        const before = lines.filter((line) => BigInt(line.token) <= BigInt(since));
        expect([...before, ...linesAfter(lines, String(since))]).toEqual(lines);
        // The fold told where to resume writes exactly those lines (it reads every entry, writes after the token).
        const resumed = ccsFeedLines(entries, { ...sources(true), sinceToken: String(since) });
        expect(resumed).toEqual(linesAfter(lines, String(since)));
      }),
    );
  });

  it("a submission's later entries (a share change) give no second submission line", () => {
    const shared = entry(13, 'submission', {
      userId: 'u1',
      command: 'ChangeShare',
      changes: [{ field: 'share', after: 'true' }],
      ...submissionOf(11, at('10:05:00')),
    });
    const lines = ccsFeedLines([...entries.slice(0, 6), shared, ...entries.slice(6)], sources(true));
    expect(lines.filter((line) => line.type === 'submissions').map((line) => line.id)).toEqual(['11', '12']);
    expect(lines.filter((line) => line.token === '13')).toEqual([]);
  });
});
