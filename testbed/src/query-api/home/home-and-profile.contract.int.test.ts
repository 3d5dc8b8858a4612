import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { problemStream, submissionStream, userStream } from '@oj/events';
import {
  aProblemCreated,
  aProblemDefinition,
  aSubmissionCreated,
  aSubmissionJudged,
  aUserLoggedIn,
  aUserRegistered,
} from '@oj/events/testing';
import { envelope, manualClock } from '@oj/platform';
import { startQueryApi, type QueryApiHarness, type TestEvent } from '../query-api-harness';
import { acmRankRowSchema, oiRankRowSchema } from '@oj/contracts';
import { systemInfoSchema } from '@oj/contracts';
import { calendarHeatmapSchema, userHomeSchema } from '@oj/contracts';
import { pageOf } from '@oj/contracts';
import { recentProblemSchema, weekStatisticsSchema } from '@oj/contracts';

const alice = '0000000000000000000000000000000a';
const bob = '0000000000000000000000000000000b';

/** One submission judged once; `contestId` puts it in a contest. */
function judged(
  submissionId: number,
  userId: string,
  problemId: number,
  verdict: 'AC' | 'WA',
  submittedAt: string,
  extra: { contestId?: number; oiRankScore?: number } = {},
): TestEvent[] {
  const stream = submissionStream(submissionId);
  return [
    {
      stream,
      type: 'SubmissionCreated',
      data: aSubmissionCreated({
        submissionId,
        userId,
        problemId,
        problemDisplayId: String(problemId),
        contestId: extra.contestId ?? null,
        submittedAt,
      }),
    },
    {
      stream,
      type: 'SubmissionJudged',
      data: aSubmissionJudged({ submissionId, attempt: 0, status: verdict, oiRankScore: extra.oiRankScore ?? null }),
    },
  ];
}

const history: TestEvent[] = [
  {
    stream: userStream(alice),
    ...aUserRegistered({ userId: alice, username: 'alice', registeredAt: '2026-01-01T00:00:00.000Z' }),
  },
  {
    stream: userStream(bob),
    ...aUserRegistered({
      userId: bob,
      username: 'bob',
      email: 'bob@example.com',
      registeredAt: '2026-01-02T00:00:00.000Z',
    }),
  },
  { stream: userStream(alice), ...aUserLoggedIn({ userId: alice, loggedInAt: '2026-06-10T08:00:00.000Z' }) },
  { stream: problemStream(1000), ...aProblemCreated({ problemId: 1000, createdAt: '2026-02-01T00:00:00.000Z' }) },
  {
    stream: problemStream(1001),
    ...aProblemCreated({
      problemId: 1001,
      definition: aProblemDefinition({ displayId: '1001', type: 'OI', difficulty: 2 }),
      createdAt: '2026-03-01T00:00:00.000Z',
    }),
  },
  {
    stream: problemStream(1002),
    ...aProblemCreated({
      problemId: 1002,
      definition: aProblemDefinition({ displayId: '1002', auth: 2 }),
      createdAt: '2026-04-01T00:00:00.000Z',
    }),
  },
  ...judged(1, alice, 1000, 'AC', '2026-06-10T09:00:00.000Z'),
  ...judged(2, alice, 1001, 'AC', '2026-06-09T09:00:00.000Z', { oiRankScore: 14 }),
  ...judged(3, alice, 1000, 'WA', '2026-06-10T10:00:00.000Z'),
  ...judged(4, alice, 1000, 'AC', '2026-06-10T11:00:00.000Z', { contestId: 7 }),
  ...judged(5, bob, 1000, 'WA', '2026-06-05T09:00:00.000Z'),
];

describe('home, user home, heatmap, rank and system info calls over HTTP', () => {
  let api: QueryApiHarness;
  const get = async <Data extends z.ZodType>(url: string, data: Data): Promise<z.infer<Data>> => {
    const reply = await api.inject({ url });
    expect(reply.statusCode, url).toBe(200);
    const body = envelope(z.unknown()).parse(reply.json());
    expect(body).toMatchObject({ status: 200, msg: 'success' });
    return data.parse(body.data);
  };

  beforeAll(async () => {
    api = await startQueryApi(inject('databaseUrl'), {
      history,
      clock: manualClock(new Date('2026-06-10T12:00:00.000Z')),
    });
  });
  afterAll(() => api?.close());

  it('GET /api/get-user-home-info: every spec 000 §2.6 field, by username or uid', async () => {
    const home = await get('/api/get-user-home-info?username=ALICE', userHomeSchema);
    expect(home).toMatchObject({
      uid: alice,
      username: 'alice',
      rating: null,
      total: 3,
      scoreList: [14],
      solvedList: ['1000', '1001'],
      solvedGroupByDifficulty: {
        '0': [{ id: 1000, problemId: '1000', difficulty: 0 }],
        '2': [{ id: 1001, problemId: '1001', difficulty: 2 }],
      },
      recentLoginTime: '2026-06-10T08:00:00.000Z',
    });
    expect((await get(`/api/get-user-home-info?uid=${bob}`, userHomeSchema)).solvedGroupByDifficulty).toBeNull();
    expect((await api.inject({ url: '/api/get-user-home-info' })).json()).toEqual({
      status: 400,
      msg: '请求参数错误：uid和username不能都为空！',
      data: null,
    });
    expect((await api.inject({ url: `/api/get-user-home-info?uid=${alice}&username=bob` })).json()).toMatchObject({
      status: 400,
      msg: '用户不存在',
    });
  });

  it('GET /api/get-user-calendar-heatmap: non-contest submissions per day of the last year', async () => {
    expect(await get('/api/get-user-calendar-heatmap?username=alice', calendarHeatmapSchema)).toEqual({
      endDate: '2026-06-10',
      dataList: [
        { date: '2026-06-09', count: 1 },
        { date: '2026-06-10', count: 2 },
      ],
    });
    expect(await get('/api/get-user-calendar-heatmap?username=nobody', calendarHeatmapSchema)).toEqual({
      endDate: '2026-06-10',
      dataList: [],
    });
  });

  it('GET /api/get-rank-list: ACM and OI pages, search, and the type errors', async () => {
    const acm = await get('/api/get-rank-list?type=0&limit=50', pageOf(acmRankRowSchema));
    expect(acm.records.map((row) => [row.username, row.ac, row.total])).toEqual([
      ['alice', 2, 3],
      ['bob', 0, 1],
    ]);
    const oi = await get('/api/get-rank-list?type=1', pageOf(oiRankRowSchema));
    expect(oi.records[0]).toMatchObject({ username: 'alice', score: 14, ac: 2, total: 4 });
    expect(oi).toMatchObject({ total: 2, size: 30, current: 1, pages: 1 });
    const searched = await get('/api/get-rank-list?type=0&searchUser=bo', pageOf(acmRankRowSchema));
    expect(searched.records.map((row) => row.username)).toEqual(['bob']);
    const missing = await api.inject({ url: '/api/get-rank-list' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: 400, msg: '缺少必需的请求参数：type' });
    expect((await api.inject({ url: '/api/get-rank-list?type=3' })).json()).toEqual({
      status: 400,
      msg: '排行榜类型代码不正确，请使用0(ACM),1(OI)！',
      data: null,
    });
  });

  it('F15: GET /api/get-recent-seven-ac-rank, get-last-week-submission-statistics (no contest rows), get-recent-updated-problem', async () => {
    const rank = await get('/api/get-recent-seven-ac-rank', z.array(acmRankRowSchema));
    expect(rank.map((row) => [row.username, row.ac])).toEqual([
      ['alice', 2],
      ['bob', 0],
    ]);
    // HOJ fills only the user and `ac` of this ACMRankVO (api-core §2).
    expect(rank.map((row) => [row.signature, row.total, row.rating])).toEqual([
      [null, null, null],
      [null, null, null],
    ]);
    // Submission 4 (contest 7, AC) is left out of the public statistics.
    expect(await get('/api/get-last-week-submission-statistics', weekStatisticsSchema)).toEqual({
      dateStrList: ['06-04', '06-05', '06-06', '06-07', '06-08', '06-09', '06-10'],
      acCountList: [0, 0, 0, 0, 0, 1, 1],
      totalCountList: [0, 1, 0, 0, 0, 1, 2],
    });
    const problems = await get('/api/get-recent-updated-problem', z.array(recentProblemSchema));
    expect(problems.map((row) => [row.problemId, row.type])).toEqual([
      ['1001', 1],
      ['1000', 0],
    ]);
  });

  it('GET /api/get-recent-contest and get-recent-other-contest: empty lists, not errors', async () => {
    expect(await get('/api/get-recent-contest', z.array(z.unknown()))).toEqual([]);
    expect(await get('/api/get-recent-other-contest', z.array(z.unknown()))).toEqual([]);
    expect(await get('/api/home-carousel', z.array(z.unknown()))).toEqual([]);
  });

  it('GET /api/public/img and /api/public/file: a name that is no stored image answers 404 whatever its shape, never 400', async () => {
    const names = [
      `${'0'.repeat(64)}.png`,
      `${'A'.repeat(64)}.png`,
      `${'0'.repeat(64)}.PNG`,
      'x'.repeat(90),
      '..%2F.env',
    ];
    for (const folder of ['img', 'file']) {
      for (const name of names) {
        const reply = await api.inject({ url: `/api/public/${folder}/${name}` });
        expect(reply.statusCode, name).toBe(404);
        expect(reply.json(), name).toEqual({ status: 404, msg: '查询错误，无法找到请求的资源！', data: null });
      }
    }
  });

  it('GET /api/get-common-announcement and /api/admin/announcement: bad paging is 400, after the admin list refuses a stranger', async () => {
    const bad = await api.inject({ url: '/api/get-common-announcement?limit=ten' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, data: null });
    expect((await api.inject({ url: '/api/get-common-announcement?limit=&currentPage=' })).json()).toMatchObject({
      status: 200,
      data: { size: 10, current: 1 },
    });
    // The request schemas run after the onRequest auth hook: a stranger's bad query is refused as a stranger.
    expect((await api.inject({ url: '/api/admin/announcement?limit=ten' })).statusCode).toBe(401);
  });

  it('GET /api/get-system-info: versions and, without NATS, null queue figures', async () => {
    const info = await get('/api/get-system-info', systemInfoSchema);
    expect(info.versions.postgres).toMatch(/^15\./);
    expect(info.judge).toMatchObject({ queueDepth: null, judging: null, idleSlots: null });
    expect((await api.inject({ url: '/api/admin/config/get-service-info' })).statusCode).toBe(401);
  });
});
