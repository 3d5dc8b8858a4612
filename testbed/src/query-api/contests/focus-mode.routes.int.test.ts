import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { contestStream, problemStream, submissionStream, type ContestSettings } from '@oj/events';
import {
  aContestCreated,
  aContestProblemAdded,
  aContestantRegistered,
  aJudgeStarted,
  aProblemCreated,
  aProblemDefinition,
  aSubmissionCreated,
  aSubmissionJudged,
  someContestSettings,
} from '@oj/events/testing';
import { envelope, manualClock } from '@oj/platform';
import { startQueryApi, type QueryApiHarness, type TestEvent } from '../query-api-harness';
import { focusModeProblemListSchema } from '@oj/contracts';
import { registeredUsers, uidOf as uid } from '../query-api-seeding';

const users = ['root', 'carla', 'alice', 'bob'] as const;
type Username = (typeof users)[number];

const contests = { acm: 1, oi: 2, sealedOi: 3, scheduled: 4, privateOne: 5, invisible: 6 } as const;

/** Problem 3 is hidden (auth 2). The links are added out of display order: the strip sorts them. */
const links = [
  { displayId: 'D', problemId: 4, displayTitle: 'Dijkstra' },
  { displayId: 'A', problemId: 1, displayTitle: 'Apples' },
  { displayId: 'C', problemId: 3, displayTitle: 'Hidden cave' },
  { displayId: 'B', problemId: 2, displayTitle: 'Bridges' },
];
const cpidOf = (contestId: number, problemId: number) => contestId * 10 + problemId;

/** Every contest is made by carla and starts at 14:00 UTC on 2026-01-10; the clock reads 17:00 that day. */
function contestEvents(contestId: number, type: 'ACM' | 'OI', overrides: Partial<ContestSettings> = {}): TestEvent[] {
  const stream = contestStream(contestId);
  const settings = someContestSettings({
    startAt: '2026-01-10T14:00:00.000Z',
    endAt: '2026-01-11T14:00:00.000Z',
    durationSeconds: 86400,
    ...overrides,
  });
  return [
    {
      stream,
      type: 'ContestCreated',
      data: aContestCreated({ contestId, type, createdBy: uid('carla'), author: 'carla', settings }),
    },
    ...links.map((link) => ({
      stream,
      type: 'ContestProblemAdded',
      data: aContestProblemAdded({ contestId, contestProblemId: cpidOf(contestId, link.problemId), ...link }),
    })),
  ];
}

type Outcome = 'AC' | 'WA' | 'CE' | 'Pending' | 'Judging';

function submitted(
  submissionId: number,
  username: Username,
  contestId: number,
  problemId: number,
  at: string,
  outcome: Outcome,
  score: number | null = null,
): TestEvent[] {
  const stream = submissionStream(submissionId);
  const created = aSubmissionCreated({
    submissionId,
    userId: uid(username),
    username,
    problemId,
    problemDisplayId: `P${problemId}`,
    contestId,
    contestProblemId: cpidOf(contestId, problemId),
    submittedAt: `2026-01-10T${at}.000Z`,
  });
  const events: TestEvent[] = [{ stream, type: 'SubmissionCreated', data: created }];
  if (outcome === 'Judging') events.push({ stream, type: 'JudgeStarted', data: aJudgeStarted({ submissionId }) });
  else if (outcome !== 'Pending') {
    const judged = aSubmissionJudged({ submissionId, attempt: 0, status: outcome, score });
    events.push({ stream, type: 'SubmissionJudged', data: judged });
  }
  return events;
}

const history: TestEvent[] = [
  ...registeredUsers(users),
  ...[1, 2, 3, 4].map((problemId) => ({
    stream: problemStream(problemId),
    ...aProblemCreated({
      problemId,
      definition: aProblemDefinition({ displayId: `P${problemId}`, auth: problemId === 3 ? 2 : 1 }),
    }),
  })),
  // The ACM contest ended at 16:30, so alice's 16:40 run is an after-contest one.
  ...contestEvents(contests.acm, 'ACM', { endAt: '2026-01-10T16:30:00.000Z', durationSeconds: 9000 }),
  ...contestEvents(contests.oi, 'OI'),
  ...contestEvents(contests.sealedOi, 'OI', { sealRank: true, sealRankAt: '2026-01-10T15:30:00.000Z' }),
  ...contestEvents(contests.scheduled, 'ACM', {
    startAt: '2026-01-11T14:00:00.000Z',
    endAt: '2026-01-12T14:00:00.000Z',
  }),
  ...contestEvents(contests.privateOne, 'ACM', { auth: 1, password: 'pw' }),
  {
    stream: contestStream(contests.privateOne),
    type: 'ContestantRegistered',
    data: aContestantRegistered({ contestId: contests.privateOne, userId: uid('alice') }),
  },
  ...contestEvents(contests.invisible, 'ACM'),
  {
    stream: contestStream(contests.invisible),
    type: 'ContestVisibilityChanged',
    data: {
      contestId: contests.invisible,
      visible: false,
      changedBy: uid('carla'),
      changedAt: '2026-01-02T00:00:00.000Z',
    },
  },
  // ACM: A is WA, AC, then WA (AC wins); B is WA, then a pending and a judging run (ignored); D a CE after the end.
  ...submitted(1, 'alice', contests.acm, 1, '14:30:00', 'WA'),
  ...submitted(2, 'alice', contests.acm, 1, '15:00:00', 'AC'),
  ...submitted(3, 'alice', contests.acm, 1, '15:10:00', 'WA'),
  ...submitted(4, 'alice', contests.acm, 2, '14:40:00', 'WA'),
  ...submitted(5, 'alice', contests.acm, 2, '15:20:00', 'Pending'),
  ...submitted(6, 'alice', contests.acm, 2, '15:25:00', 'Judging'),
  ...submitted(7, 'alice', contests.acm, 4, '16:40:00', 'CE'),
  ...submitted(8, 'alice', contests.acm, 3, '14:50:00', 'AC'),
  ...submitted(9, 'bob', contests.acm, 2, '14:45:00', 'AC'),
  // OI: the newest run counts, not the best; B has only a pending run.
  ...submitted(10, 'alice', contests.oi, 1, '14:30:00', 'AC', 100),
  ...submitted(11, 'alice', contests.oi, 1, '15:00:00', 'WA', 30),
  ...submitted(12, 'alice', contests.oi, 2, '15:10:00', 'Pending'),
  // Sealed OI: runs before and after the seal, the creator's own run too.
  ...submitted(13, 'alice', contests.sealedOi, 1, '14:30:00', 'WA', 30),
  ...submitted(14, 'alice', contests.sealedOi, 4, '16:00:00', 'AC', 100),
  ...submitted(15, 'carla', contests.sealedOi, 1, '14:35:00', 'AC', 100),
];

describe('GET /api/get-full-screen-problem-list (focus mode)', () => {
  let api: QueryApiHarness;
  const clock = manualClock(new Date('2026-01-10T17:00:00.000Z'));

  const call = async (query: string, as: Username | null) => {
    const reply = await api.inject({ url: `/api/get-full-screen-problem-list${query}`, as: as && uid(as) });
    return envelope(z.unknown()).parse(reply.json());
  };
  const strip = async (cid: number, as: Username) => {
    const reply = await call(`?cid=${cid}`, as);
    expect(reply).toMatchObject({ status: 200, msg: 'success' });
    return focusModeProblemListSchema.parse(reply.data);
  };
  const standings = async (cid: number, as: Username) =>
    Object.fromEntries((await strip(cid, as)).map((row) => [row.problemId, [row.status, row.score]]));

  beforeAll(async () => {
    api = await startQueryApi(inject('databaseUrl'), { history, clock });
  });
  afterAll(() => api?.close());

  describe('rejections', () => {
    it('asks for a login', async () => {
      expect(await call(`?cid=${contests.acm}`, null)).toMatchObject({ status: 401 });
    });

    it('answers 400 when neither tid nor cid is given, or cid is 0 or not a number', async () => {
      for (const query of ['', '?cid=0', '?cid=abc', '?tid=', '?cid=-3']) {
        expect(await call(query, 'alice')).toEqual({
          status: 400,
          msg: '请求参数错误：tid或cid不能为空',
          data: null,
        });
      }
    });

    it('answers the missing-training 400 for any tid, also next to a valid cid (tid wins, as in HOJ)', async () => {
      for (const query of ['?tid=1', `?tid=7&cid=${contests.acm}`]) {
        expect(await call(query, 'alice')).toMatchObject({ status: 400, msg: '该训练不存在或不允许显示！' });
      }
    });

    it('answers 400 for a missing or invisible contest, even to its creator', async () => {
      expect(await call('?cid=99', 'alice')).toMatchObject({ status: 400, msg: '对不起，该比赛不存在！' });
      expect(await call(`?cid=${contests.invisible}`, 'carla')).toMatchObject({
        status: 400,
        msg: '对不起，该比赛不存在！',
      });
    });
  });

  describe('access (validateContestAuth)', () => {
    it('refuses a scheduled contest to a contestant and serves it to its creator and root', async () => {
      expect(await call(`?cid=${contests.scheduled}`, 'alice')).toMatchObject({
        status: 403,
        msg: '比赛还未开始，您无权访问该比赛！',
      });
      expect(await strip(contests.scheduled, 'carla')).toHaveLength(3);
      expect(await strip(contests.scheduled, 'root')).toHaveLength(3);
    });

    it('serves a private contest to a registered user and refuses an unregistered one', async () => {
      expect(await strip(contests.privateOne, 'alice')).toHaveLength(3);
      expect(await call(`?cid=${contests.privateOne}`, 'bob')).toMatchObject({
        status: 403,
        msg: '对不起，请先到比赛首页输入比赛密码进行注册！',
      });
    });
  });

  describe('rows and statuses', () => {
    it('lists the visible problems by display id with their display titles and bank ids', async () => {
      expect(await strip(contests.acm, 'bob')).toEqual([
        { pid: 1, problemId: 'A', title: 'Apples', status: null, score: null },
        { pid: 2, problemId: 'B', title: 'Bridges', status: 0, score: null },
        { pid: 4, problemId: 'D', title: 'Dijkstra', status: null, score: null },
      ]);
    });

    it('ACM: an AC wins over later tries, runs still judging are ignored, and after-contest runs count', async () => {
      expect(await standings(contests.acm, 'alice')).toEqual({
        A: [0, null],
        B: [-1, null],
        D: [-2, null],
      });
    });

    it('OI: the newest judged run gives the status and score; only pending runs leave the problem untried', async () => {
      expect(await standings(contests.oi, 'alice')).toEqual({ A: [-1, 30], B: [null, null], D: [null, null] });
    });

    it('OI while sealed: -5 and no score on every tried problem, for the creator too; untried stays null', async () => {
      expect(await standings(contests.sealedOi, 'alice')).toEqual({
        A: [-5, null],
        B: [null, null],
        D: [-5, null],
      });
      expect(await standings(contests.sealedOi, 'carla')).toEqual({
        A: [-5, null],
        B: [null, null],
        D: [null, null],
      });
    });
  });
});
