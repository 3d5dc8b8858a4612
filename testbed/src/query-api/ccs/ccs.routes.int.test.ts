/* eslint-disable max-lines -- one seeded contest read through every CCS endpoint, role and the feed rules. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import { strFromU8, unzipSync } from 'fflate';
import { contestStream, problemStream, submissionStream, userStream } from '@oj/events';
import {
  aContestCreated,
  aContestProblemAdded,
  aContestantRegistered,
  aProblemCreated,
  aSubmissionCreated,
  aSubmissionJudged,
  aSubmissionRejudgeRequested,
  aUserRegistered,
  someContestSettings,
} from '@oj/events/testing';
import { manualClock } from '@oj/platform';
import {
  ccsAccount,
  ccsApiInfo,
  ccsContestPackageFiles,
  ccsAward,
  ccsContest,
  ccsEvent,
  ccsFeedViolations,
  ccsJudgement,
  ccsJudgementType,
  ccsLanguage,
  ccsProblem,
  ccsRun,
  ccsScoreboard,
  ccsState,
  ccsSubmission,
  ccsTeam,
  type CcsEvent,
} from '@oj/contracts';
import { startQueryApi, type QueryApiHarness, type TestEvent } from '../query-api-harness';

const root = '000000000000000000000000000000r1';
const alice = '000000000000000000000000000000u1';
const bob = '000000000000000000000000000000u2';
const by = (actorId: string) => ({ actorId, clientIp: '10.0.0.7', correlationId: 'c', causationId: 'c' });
const judge = { judger: 'judge-1', correlationId: 'c', causationId: 'c' };

const account = (userId: string, username: string, role: 'root' | 'default_user'): TestEvent => ({
  stream: userStream(userId),
  ...aUserRegistered({ userId, username, email: `${username}@x.test`, role }),
  metadata: by(userId),
});
const submitted = (submissionId: number, userId: string, username: string, at: string): TestEvent => ({
  stream: submissionStream(submissionId),
  type: 'SubmissionCreated',
  data: aSubmissionCreated({
    submissionId,
    problemId: 1000,
    contestId: 1,
    contestProblemId: 5,
    userId,
    username,
    submittedAt: `2026-03-01T${at}.000Z`,
  }),
  metadata: by(userId),
});
const judged = (submissionId: number, status: 'AC' | 'WA', attempt = 0): TestEvent => ({
  stream: submissionStream(submissionId),
  type: 'SubmissionJudged',
  data: aSubmissionJudged({ submissionId, status, attempt }),
  metadata: judge,
});

const scored = (
  submissionId: number,
  userId: string,
  username: string,
  at: string,
  status: 'AC' | 'PA',
  score: number,
): TestEvent[] => [
  {
    stream: submissionStream(submissionId),
    type: 'SubmissionCreated',
    data: aSubmissionCreated({
      submissionId,
      problemId: 1000,
      contestId: 2,
      contestProblemId: 6,
      userId,
      username,
      submittedAt: `2026-03-01T${at}.000Z`,
    }),
    metadata: by(userId),
  },
  {
    stream: submissionStream(submissionId),
    type: 'SubmissionJudged',
    data: aSubmissionJudged({ submissionId, status, score }),
    metadata: judge,
  },
];

// 10:00–15:00, the board sealed from 14:00 and, for the public, until an admin opens it (autoRealRank false). The
// outside board is open (openRank): the CCS public role is its audience; without it only those who may enter read.
const settings = someContestSettings({
  title: 'Spring cup',
  auth: 0,
  openRank: true,
  startAt: '2026-03-01T10:00:00.000Z',
  endAt: '2026-03-01T15:00:00.000Z',
  sealRank: true,
  sealRankAt: '2026-03-01T14:00:00.000Z',
  autoRealRank: false,
});
const history: TestEvent[] = [
  account(root, 'root', 'root'),
  account(alice, 'alice', 'default_user'),
  account(bob, 'bob', 'default_user'),
  { stream: problemStream(1000), ...aProblemCreated({ problemId: 1000, creatorId: root }), metadata: by(root) },
  {
    stream: contestStream(1),
    type: 'ContestCreated',
    data: aContestCreated({ contestId: 1, createdBy: root, settings }),
    metadata: by(root),
  },
  {
    stream: contestStream(1),
    type: 'ContestProblemAdded',
    data: aContestProblemAdded({
      contestId: 1,
      contestProblemId: 5,
      problemId: 1000,
      displayId: 'A',
      color: '#00ff00',
    }),
    metadata: by(root),
  },
  {
    stream: contestStream(1),
    type: 'ContestantRegistered',
    data: aContestantRegistered({ contestId: 1, userId: alice, username: 'alice' }),
    metadata: by(alice),
  },
  submitted(31, alice, 'alice', '10:30:00'),
  judged(31, 'WA'),
  submitted(32, bob, 'bob', '14:10:00'),
  judged(32, 'AC'),
  {
    stream: submissionStream(31),
    type: 'SubmissionRejudgeRequested',
    data: aSubmissionRejudgeRequested({ submissionId: 31, attempt: 1, requestedBy: root, reason: 'checker fix' }),
    metadata: by(root),
  },
  judged(31, 'AC', 1),
  // An OI contest (the spec's score scoreboard): bob scores 40, then 100 on its one problem; alice 30.
  {
    stream: contestStream(2),
    type: 'ContestCreated',
    data: aContestCreated({ contestId: 2, type: 'OI', createdBy: root, settings: { ...settings, title: 'OI cup' } }),
    metadata: by(root),
  },
  {
    stream: contestStream(2),
    type: 'ContestProblemAdded',
    data: aContestProblemAdded({ contestId: 2, contestProblemId: 6, problemId: 1000, displayId: 'A' }),
    metadata: by(root),
  },
  ...scored(41, bob, 'bob', '10:20:00', 'PA', 40),
  ...scored(42, bob, 'bob', '11:00:00', 'AC', 100),
  ...scored(43, alice, 'alice', '10:40:00', 'PA', 30),
];

/** Each line is one event of the 2023-06 feed and the whole feed keeps the spec's rules (ccsFeedViolations). */
function feedOf(body: string, { resumed = false } = {}): CcsEvent[] {
  expect(body.endsWith('\n') || body === '').toBe(true);
  const parsed: unknown[] = body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));
  expect(ccsFeedViolations(parsed, { resumed })).toEqual([]);
  return parsed.map((line) => ccsEvent.strict().parse(line));
}

describe('the ICPC Contest API, 2023-06 (issue 13 item 3)', () => {
  let api: QueryApiHarness;
  const clock = manualClock(new Date('2026-03-01T14:30:00.000Z'));
  const get = (url: string, as: string | null = null) => api.inject({ method: 'GET', url, as });

  beforeAll(async () => {
    api = await startQueryApi(inject('databaseUrl'), { history, clock });
  });
  afterAll(() => api?.close());

  it('serves the api information, the contest and its objects, each valid by the spec rules', async () => {
    ccsApiInfo.parse((await get('/api/ccs')).json());
    const contests = ccsContest.array().parse((await get('/api/ccs/contests')).json());
    expect(contests.map((contest) => contest.id)).toEqual(['1', '2']);
    expect(ccsContest.parse((await get('/api/ccs/contests/1')).json())).toMatchObject({
      name: 'Spring cup',
      scoreboard_freeze_duration: '1:00:00.000',
    });
    expect(ccsProblem.array().parse((await get('/api/ccs/contests/1/problems')).json())).toMatchObject([
      { id: '5', label: 'A', rgb: '#00ff00' },
    ]);
    const teams = ccsTeam.array().parse((await get('/api/ccs/contests/1/teams')).json());
    expect(teams.map((team) => team.name).sort()).toEqual(['alice', 'bob']);
    ccsJudgementType.array().parse((await get('/api/ccs/contests/1/judgement-types')).json());
    ccsLanguage.array().parse((await get('/api/ccs/contests/1/languages')).json());
    ccsSubmission.array().parse((await get('/api/ccs/contests/1/submissions')).json());
    ccsRun.array().parse((await get('/api/ccs/contests/1/runs', root)).json());
    expect(ccsState.parse((await get('/api/ccs/contests/1/state')).json())).toMatchObject({ end_of_updates: null });
    expect((await get('/api/ccs/contests/1/problems/missing')).statusCode).toBe(404);
    expect((await get('/api/ccs/contests/99')).statusCode).toBe(404);
  });

  it('shows accounts and submission files to the contest admin only (files also to the submitter)', async () => {
    expect((await get('/api/ccs/contests/1/accounts')).statusCode).toBe(403);
    expect((await get('/api/ccs/contests/1/accounts', alice)).statusCode).toBe(403);
    expect((await get('/api/ccs/contests/1/accounts', root)).statusCode).toBe(200);
    const files = await get('/api/ccs/contests/1/submissions/31/files', alice);
    expect(files.statusCode).toBe(200);
    expect(files.headers['content-type']).toContain('application/zip');
    expect((await get('/api/ccs/contests/1/submissions/31/files', bob)).statusCode).toBe(403);
  });

  it('the public role sees no judgement of a submission made after the freeze; the admin sees all', async () => {
    const publicJudgements = ccsJudgement.array().parse((await get('/api/ccs/contests/1/judgements')).json());
    expect(publicJudgements.map((judgement) => judgement.submission_id)).toEqual(['31']);
    const adminJudgements = ccsJudgement.array().parse((await get('/api/ccs/contests/1/judgements', root)).json());
    expect(adminJudgements.map((judgement) => judgement.submission_id)).toEqual(['31', '32']);

    const publicFeed = feedOf((await get('/api/ccs/contests/1/event-feed')).body);
    const judgedPublicly = publicFeed.filter((line) => line.type === 'judgements' && line.data !== null);
    expect(judgedPublicly.map((line) => (line.data as { submission_id: string }).submission_id)).not.toContain('32');
    expect(publicFeed.filter((line) => line.type === 'submissions').map((line) => line.id)).toEqual(['31', '32']);
    const adminFeed = feedOf((await get('/api/ccs/contests/1/event-feed', root)).body);
    expect(adminFeed.filter((line) => line.type === 'judgements').map((line) => line.id)).toEqual([
      '31-0',
      '31-0',
      '32-0',
      '32-0',
      '31-1',
      '31-1',
    ]);

    const publicBoard = ccsScoreboard.parse((await get('/api/ccs/contests/1/scoreboard')).json());
    // alice's rejudged AC was made before the freeze; bob's AC during it stays hidden from the public.
    expect(publicBoard.rows.map((row) => [row.score, row.problems[0]?.num_pending])).toEqual([
      [{ num_solved: 1, total_time: expect.any(String) }, 0],
      [{ num_solved: 0, total_time: '0:00:00.000' }, 1],
    ]);
    const adminBoard = ccsScoreboard.parse((await get('/api/ccs/contests/1/scoreboard', root)).json());
    expect(adminBoard.rows.map((row) => 'num_solved' in row.score && row.score.num_solved)).toEqual([1, 1]);
    for (const as of [null, root]) {
      const awards = ccsAward.array().parse((await get('/api/ccs/contests/1/awards', as)).json());
      expect(awards.find((award) => award.id === 'winner')?.team_ids).toEqual([alice]);
    }
  });

  it('the feed validates line by line and resumes from any token with no gap and no duplicate', async () => {
    for (const as of [null, root]) {
      const whole = feedOf((await get('/api/ccs/contests/1/event-feed', as)).body);
      expect(whole.length).toBeGreaterThan(10);
      expect(whole[0]?.type).toBe('contest');
      const tokens = whole.map((line) => BigInt(line.token));
      expect(tokens.every((token, index) => index === 0 || token >= (tokens[index - 1] ?? 0n))).toBe(true);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...new Set(whole.map((line) => line.token))), async (token) => {
          const rest = feedOf((await get(`/api/ccs/contests/1/event-feed?since_token=${token}`, as)).body, {
            resumed: true,
          });
          const before = whole.filter((line) => BigInt(line.token) <= BigInt(token));
          expect([...before, ...rest]).toEqual(whole);
        }),
        { numRuns: 15 },
      );
    }
    // A bad request is HOJ's 400 envelope, as every /api error; the declared query and params are checked before
    // the contest is looked up, so a missing contest with a bad token is the 400 too.
    const badFormat = { status: 400, msg: '参数格式解析失败！', data: null };
    for (const url of ['1/event-feed?since_token=x1', '99/event-feed?since_token=x1', '1/problems/-x']) {
      const reply = await get(`/api/ccs/contests/${url}`);
      expect([reply.statusCode, reply.json()]).toEqual([400, badFormat]);
    }
  });

  it('an OI contest is a score scoreboard: each problem the latest score, the row their sum, by the spec rules', async () => {
    expect(ccsContest.parse((await get('/api/ccs/contests/2')).json()).scoreboard_type).toBe('score');
    for (const problem of ccsProblem.array().parse((await get('/api/ccs/contests/2/problems')).json())) {
      expect(problem.max_score).toBeTypeOf('number');
    }
    const board = ccsScoreboard.parse((await get('/api/ccs/contests/2/scoreboard', root)).json());
    expect(board.rows.map((row) => [row.team_id, row.rank, row.score])).toEqual([
      [bob, 1, { score: 100, time: '1:00:00.000' }],
      [alice, 2, { score: 30, time: '0:40:00.000' }],
    ]);
    expect(board.rows[0]?.problems).toEqual([
      { problem_id: '6', num_judged: 2, num_pending: 0, score: 100, time: '1:00:00.000' },
    ]);
    const feed = feedOf((await get('/api/ccs/contests/2/event-feed', root)).body);
    const scores = feed.filter(
      (line) => line.type === 'judgements' && (line.data as { score?: number }).score !== undefined,
    );
    expect(scores.map((line) => (line.data as { score: number }).score)).toEqual([40, 100, 30]);
    const awards = ccsAward.array().parse((await get('/api/ccs/contests/2/awards', root)).json());
    expect(awards.find((award) => award.id === 'winner')?.team_ids).toEqual([bob]);
  });

  it('exports the contest package to its admins: every file valid by the spec rules, each submission its files.zip', async () => {
    expect((await get('/api/ccs/contests/1/contest-package', alice)).statusCode).toBe(403);
    const response = await get('/api/ccs/contests/1/contest-package', root);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const text = (name: string) => strFromU8(files[name] ?? new Uint8Array());
    const json = (name: string): unknown => JSON.parse(text(name));
    expect(Object.keys(files)).toEqual(expect.arrayContaining([...ccsContestPackageFiles]));
    ccsApiInfo.parse(json('api.json'));
    expect(ccsContest.parse(json('contest.json')).id).toBe('1');
    ccsState.parse(json('state.json'));
    const listSchemas = {
      'judgement-types.json': ccsJudgementType,
      'languages.json': ccsLanguage,
      'problems.json': ccsProblem,
      'teams.json': ccsTeam,
      'accounts.json': ccsAccount,
      'judgements.json': ccsJudgement,
      'runs.json': ccsRun,
      'awards.json': ccsAward,
    };
    for (const [name, schema] of Object.entries(listSchemas)) schema.array().parse(json(name));
    for (const name of ['groups.json', 'organizations.json', 'clarifications.json']) expect(json(name)).toEqual([]);
    ccsScoreboard.parse(json('scoreboard.json'));
    const submissions = ccsSubmission.array().parse(json('submissions.json'));
    expect(submissions.map((submission) => submission.id)).toEqual(['31', '32']);
    for (const submission of submissions) {
      const href = submission.files[0]?.href ?? '';
      expect(href).toBe(`submissions/${submission.id}/files.zip`);
      const inner = unzipSync(files[href] ?? new Uint8Array());
      expect(Object.keys(inner)).toHaveLength(1);
    }
    // The package's feed is the admin's whole feed, line for line.
    const feed = feedOf(text('event-feed.ndjson'));
    expect(feed).toEqual(feedOf((await get('/api/ccs/contests/1/event-feed', root)).body));
  });

  it('ends the feed with end_of_updates once the contest is final (ended, board open); a stream ends there too', async () => {
    expect(feedOf((await get('/api/ccs/contests/1/event-feed')).body).at(-1)?.data).toMatchObject({
      end_of_updates: null,
    });
    clock.advanceBy(2 * 3_600_000);
    await api.replaceHistory(
      history.map((event) =>
        event.type === 'ContestCreated'
          ? {
              ...event,
              data: aContestCreated({ contestId: 1, createdBy: root, settings: { ...settings, autoRealRank: true } }),
            }
          : event,
      ),
    );
    const last = feedOf((await get('/api/ccs/contests/1/event-feed')).body).at(-1);
    expect(last?.type).toBe('state');
    expect(ccsState.parse(last?.data).end_of_updates).not.toBeNull();
    const streamed = feedOf((await get('/api/ccs/contests/1/event-feed?stream=true')).body);
    expect(streamed.at(-1)).toEqual(last);
    expect(feedOf((await get('/api/ccs/contests/1/event-feed')).body).some((line) => line.id === '32-0')).toBe(true);
  });
});
