import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { contestStream, problemStream, submissionStream, userStream, type ContestSettings } from '@oj/events';
import {
  aContestCreated,
  aContestProblemAdded,
  aContestantRegistered,
  aProblemCreated,
  aProblemDefinition,
  aSubmissionCancelled,
  aSubmissionCreated,
  aSubmissionJudged,
  aUserProfileEdited,
  someContestSettings,
} from '@oj/events/testing';
import { envelope, manualClock } from '@oj/platform';
import { startQueryApi, type QueryApiHarness, type TestEvent } from '../query-api-harness';
import { registeredUsers, uidOf as uid } from '../query-api-seeding';
import { scrollBoardInfoSchema, scrollBoardSubmissionSchema } from '@oj/contracts';
import { scrollBoardTimeOf } from '@oj/query/testing';

const users = ['root', 'carla', 'alice', 'bob', 'sam', 'dave', 'olga'] as const;
type Username = (typeof users)[number];

/**
 * An ACM contest from 14:00 to 16:30 UTC sealed at 15:30 (22:00, 23:30 and 00:30 the next day in GMT+8), made by
 * carla; sam is a star user; C is a hidden problem.
 */
const boardSettings = (overrides: Partial<ContestSettings> = {}) =>
  someContestSettings({
    startAt: '2026-01-10T14:00:00.000Z',
    endAt: '2026-01-10T16:30:00.000Z',
    durationSeconds: 9000,
    sealRank: true,
    sealRankAt: '2026-01-10T15:30:00.000Z',
    rankShowName: 'nickname',
    starAccounts: ['sam'],
    ...overrides,
  });

const contests = {
  publicBoard: 1,
  privateBoard: 2,
  oi: 3,
  unsealedRunning: 4,
  running: 5,
  keptSealed: 6,
  invisible: 7,
} as const;

function contestEvents(contestId: number, settings: ContestSettings, type: 'ACM' | 'OI' = 'ACM'): TestEvent[] {
  const stream = contestStream(contestId);
  const created = aContestCreated({ contestId, type, createdBy: uid('carla'), author: 'carla', settings });
  const problems = [
    { displayId: 'A', problemId: 1, color: '#f00' },
    { displayId: 'B', problemId: 2, color: null },
    { displayId: 'C', problemId: 3, color: '#00f' },
  ];
  return [
    { stream, type: 'ContestCreated', data: created },
    ...problems.map((problem, index) => ({
      stream,
      type: 'ContestProblemAdded',
      data: aContestProblemAdded({ contestId, contestProblemId: contestId * 10 + index, ...problem }),
    })),
  ];
}

function submitted(
  submissionId: number,
  username: Username,
  displayId: 'A' | 'B' | 'C',
  at: string,
  outcome: 'AC' | 'WA' | 'CE' | 'SE' | 'Pending' | 'Cancelled',
): TestEvent[] {
  const stream = submissionStream(submissionId);
  const index = ['A', 'B', 'C'].indexOf(displayId);
  const created = aSubmissionCreated({
    submissionId,
    userId: uid(username),
    username,
    problemId: index + 1,
    problemDisplayId: `P${index + 1}`,
    contestId: contests.publicBoard,
    contestProblemId: contests.publicBoard * 10 + index,
    submittedAt: `2026-01-10T${at}.000Z`,
  });
  const events: TestEvent[] = [{ stream, type: 'SubmissionCreated', data: created }];
  if (outcome === 'Cancelled')
    events.push({ stream, type: 'SubmissionCancelled', data: aSubmissionCancelled({ submissionId }) });
  else if (outcome !== 'Pending') {
    events.push({
      stream,
      type: 'SubmissionJudged',
      data: aSubmissionJudged({ submissionId, attempt: 0, status: outcome }),
    });
  }
  return events;
}

const history: TestEvent[] = [
  ...registeredUsers(users),
  {
    stream: userStream(uid('alice')),
    ...aUserProfileEdited({ userId: uid('alice'), nickname: 'Ali', school: 'MIT', gender: 'female' }),
  },
  ...[1, 2, 3].map((problemId) => ({
    stream: problemStream(problemId),
    ...aProblemCreated({
      problemId,
      definition: aProblemDefinition({ displayId: `P${problemId}`, auth: problemId === 3 ? 2 : 1 }),
    }),
  })),
  ...contestEvents(contests.publicBoard, boardSettings()),
  ...contestEvents(contests.privateBoard, boardSettings({ auth: 1, password: 'pw' })),
  {
    stream: contestStream(contests.privateBoard),
    type: 'ContestantRegistered',
    data: aContestantRegistered({ contestId: contests.privateBoard, userId: uid('alice') }),
  },
  ...contestEvents(contests.oi, boardSettings({ sealRank: false, endAt: '2026-01-11T16:30:00.000Z' }), 'OI'),
  ...contestEvents(contests.unsealedRunning, boardSettings({ sealRank: false, endAt: '2026-01-11T16:30:00.000Z' })),
  ...contestEvents(contests.running, boardSettings({ endAt: '2026-01-11T16:30:00.000Z' })),
  ...contestEvents(contests.keptSealed, boardSettings({ autoRealRank: false })),
  ...contestEvents(contests.invisible, boardSettings()),
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
  ...submitted(1, 'alice', 'A', '14:30:00', 'WA'),
  ...submitted(2, 'alice', 'A', '16:10:00', 'AC'),
  ...submitted(3, 'bob', 'A', '14:40:00', 'CE'),
  ...submitted(4, 'bob', 'B', '15:00:00', 'AC'),
  ...submitted(5, 'bob', 'B', '16:29:59', 'Pending'),
  ...submitted(6, 'sam', 'A', '14:10:00', 'AC'),
  ...submitted(7, 'carla', 'A', '14:05:00', 'AC'),
  ...submitted(8, 'root', 'A', '14:06:00', 'AC'),
  ...submitted(9, 'alice', 'C', '14:50:00', 'AC'),
  ...submitted(10, 'bob', 'A', '15:10:00', 'Cancelled'),
  ...submitted(11, 'alice', 'B', '16:30:00', 'WA'),
  ...submitted(12, 'dave', 'A', '15:20:00', 'SE'),
];

describe('scroll-board calls (§1.2.9, §1.2.10) over HTTP', () => {
  let api: QueryApiHarness;
  const clock = manualClock(new Date('2026-01-10T17:00:00.000Z'));

  const call = async (url: string, as: Username | null = null) => {
    const reply = await api.inject({ url, as: as && uid(as) });
    return envelope(z.unknown()).parse(reply.json());
  };
  const info = (cid: number, as: Username | null = null) => call(`/api/get-contest-scroll-board-info?cid=${cid}`, as);
  const rows = (cid: number, as: Username | null = null, removeStar = false) =>
    call(`/api/get-contest-scroll-board-submission?cid=${cid}&removeStar=${removeStar}`, as);

  beforeAll(async () => {
    api = await startQueryApi(inject('databaseUrl'), { history, clock });
  });
  afterAll(() => api?.close());

  it('formats instants as yyyy/MM/dd HH:mm:ss in GMT+8, across a day and a year boundary', () => {
    expect(scrollBoardTimeOf('2026-01-10T14:00:00.000Z')).toBe('2026/01/10 22:00:00');
    expect(scrollBoardTimeOf(new Date('2026-12-31T16:05:09.999Z'))).toBe('2027/01/01 00:05:09');
  });

  it('answers the info of an ended, sealed ACM contest: non-hidden problems and GMT+8 times', async () => {
    const reply = await info(contests.publicBoard, 'alice');
    expect(reply).toMatchObject({ status: 200, msg: 'success' });
    expect(scrollBoardInfoSchema.strict().parse(reply.data)).toEqual({
      id: contests.publicBoard,
      rankShowName: 'nickname',
      problemCount: 2,
      balloonColor: { A: '#f00', B: null },
      startTime: '2026/01/10 22:00:00',
      sealRankTime: '2026/01/10 23:30:00',
      starUserList: ['sam'],
    });
  });

  it('lists the rows newest first without Cancelled, hidden-problem, at-or-after-end, root and creator rows', async () => {
    const reply = await rows(contests.publicBoard, 'alice');
    expect(reply.status).toBe(200);
    const list = z.array(scrollBoardSubmissionSchema.strict()).parse(reply.data);
    expect(list.map((row) => row.submitId)).toEqual([12, 6, 5, 4, 3, 2, 1]);
    expect(list.map((row) => [row.submitId, row.status])).toEqual([
      [12, 4],
      [6, 0],
      [5, 5],
      [4, 0],
      [3, -2],
      [2, 0],
      [1, -1],
    ]);
    expect(list.find((row) => row.submitId === 2)).toEqual({
      uid: uid('alice'),
      username: 'alice',
      nickname: 'Ali',
      realname: null,
      school: 'MIT',
      avatar: null,
      gender: 'female',
      submitId: 2,
      status: 0,
      submitTime: '2026/01/11 00:10:00',
      displayId: 'A',
    });
  });

  it('drops the star users rows with removeStar', async () => {
    const reply = await rows(contests.publicBoard, 'alice', true);
    const list = z.array(scrollBoardSubmissionSchema).parse(reply.data);
    expect(list.map((row) => row.submitId)).toEqual([12, 5, 4, 3, 2, 1]);
  });

  it.each([
    ['a missing contest', 99, 'root', '比赛不存在 (The contest does not exist)'],
    [
      'an OI contest (checked before the seal and the end)',
      contests.oi,
      'root',
      '非ACM赛制的比赛无法进行滚榜  (Non - ACM contest board cannot be rolled)',
    ],
    [
      'a contest without a seal (checked before the end)',
      contests.unsealedRunning,
      'root',
      '比赛未开启封榜，无法进行滚榜 (The contest has not been closed, and cannot roll)',
    ],
    [
      'a running contest',
      contests.running,
      'root',
      '比赛未结束，禁止进行滚榜 (Roll off is prohibited before the contest is over)',
    ],
    ['an invisible contest, to a non-admin', contests.invisible, 'alice', '比赛不存在 (The contest does not exist)'],
  ] as const)('refuses both calls for %s with 400 and HOJ’s message', async (_case, cid, as, msg) => {
    for (const reply of [await info(cid, as), await rows(cid, as)]) {
      expect(reply).toEqual({ status: 400, msg, data: null });
    }
  });

  it('answers the English half of the message to an en-US client', async () => {
    const reply = await api.inject({
      url: `/api/get-contest-scroll-board-info?cid=${contests.running}`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(reply.json()).toMatchObject({ status: 400, msg: 'Roll off is prohibited before the contest is over' });
  });

  it('refuses a cid that is not a positive number with HTTP 400', async () => {
    const reply = await api.inject({ url: '/api/get-contest-scroll-board-submission?cid=abc' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ status: 400, data: null });
  });

  it('serves a visible public contest whose board is live to anyone, anonymous callers included', async () => {
    expect((await info(contests.publicBoard)).status).toBe(200);
    expect((await rows(contests.publicBoard)).status).toBe(200);
  });

  it.each([
    ['a private contest, even to a registered participant', contests.privateBoard, ['alice', 'olga', null]],
    ['a board kept sealed after the end (autoRealRank off)', contests.keptSealed, ['alice', null]],
  ] as const)('serves %s only to contest admins (decision #17)', async (_case, cid, refused) => {
    for (const as of refused) {
      for (const reply of [await info(cid, as), await rows(cid, as)]) {
        expect(reply).toEqual({ status: 403, msg: '对不起，您无权限操作！', data: null });
      }
    }
    for (const as of ['carla', 'root'] as const) {
      expect((await info(cid, as)).status).toBe(200);
      expect((await rows(cid, as)).status).toBe(200);
    }
  });

  it('serves an invisible contest to its admins', async () => {
    expect((await info(contests.invisible, 'carla')).status).toBe(200);
    expect((await rows(contests.invisible, 'root')).status).toBe(200);
  });
});
