import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { contestStream, problemStream, submissionStream, type ContestSettings } from '@oj/events';
import {
  aCaseJudged,
  aContestCreated,
  aContestProblemAdded,
  aProblemCreated,
  aProblemDefinition,
  aSubmissionCreated,
  aSubmissionJudged,
  someContestSettings,
} from '@oj/events/testing';
import { envelope, manualClock } from '@oj/platform';
import { startQueryApi, type QueryApiHarness, type TestEvent } from '../query-api-harness';
import { registeredUsers, uidOf as uid } from '../query-api-seeding';
import { sealedSubmissionDetailSchema, submissionDetailSchema } from '@oj/contracts';

const users = ['root', 'carla', 'alice', 'bob'] as const;
type Username = (typeof users)[number];

/** Contests from 10:00 to 15:00 UTC sealed from 14:00, made by carla. */
const contests = { oi: 1, oiKeptSealed: 2, acm: 3 } as const;
const settings = (overrides: Partial<ContestSettings> = {}) =>
  someContestSettings({ sealRank: true, sealRankAt: '2026-01-10T14:00:00.000Z', ...overrides });

function contestEvents(contestId: number, type: 'ACM' | 'OI', contestSettings: ContestSettings): TestEvent[] {
  const stream = contestStream(contestId);
  return [
    {
      stream,
      type: 'ContestCreated',
      data: aContestCreated({ contestId, type, createdBy: uid('carla'), author: 'carla', settings: contestSettings }),
    },
    {
      stream,
      type: 'ContestProblemAdded',
      data: aContestProblemAdded({ contestId, contestProblemId: contestId, problemId: 1, displayId: 'A' }),
    },
  ];
}

/** Alice's run in a contest, judged with one case. */
function alicesRun(
  submissionId: number,
  contestId: number,
  at: string,
  verdict: 'AC' | 'WA' | 'CE',
  errorMessage: string | null = null,
): TestEvent[] {
  const stream = submissionStream(submissionId);
  return [
    {
      stream,
      type: 'SubmissionCreated',
      data: aSubmissionCreated({
        submissionId,
        userId: uid('alice'),
        username: 'alice',
        problemId: 1,
        problemDisplayId: 'P1',
        contestId,
        contestProblemId: contestId,
        submittedAt: `2026-01-10T${at}.000Z`,
      }),
    },
    { stream, type: 'CaseJudged', data: aCaseJudged({ submissionId, status: verdict === 'CE' ? 'WA' : verdict }) },
    {
      stream,
      type: 'SubmissionJudged',
      data: aSubmissionJudged({ submissionId, status: verdict, timeMs: 15, memoryKib: 2048, errorMessage }),
    },
  ];
}

const history: TestEvent[] = [
  ...registeredUsers(users),
  {
    stream: problemStream(1),
    ...aProblemCreated({ problemId: 1, definition: aProblemDefinition({ displayId: 'P1', type: 'OI' }) }),
  },
  ...contestEvents(contests.oi, 'OI', settings()),
  ...contestEvents(contests.oiKeptSealed, 'OI', settings({ autoRealRank: false })),
  ...contestEvents(contests.acm, 'ACM', settings()),
  ...alicesRun(1, contests.oi, '13:00:00', 'AC'),
  ...alicesRun(2, contests.oi, '14:30:00', 'WA'),
  ...alicesRun(3, contests.oiKeptSealed, '14:30:00', 'WA'),
  ...alicesRun(4, contests.acm, '12:00:00', 'CE', 'main.cpp:1: error'),
];

describe('get-submission-detail and get-all-case-result of contest runs (§2.10, api-core §4)', () => {
  let api: QueryApiHarness;
  const clock = manualClock(new Date('2026-01-10T14:45:00.000Z'));

  const call = async (path: string, submitId: number, as: Username | null) => {
    const reply = await api.inject({ url: `/api/${path}?submitId=${submitId}`, as: as && uid(as) });
    return envelope(z.unknown()).parse(reply.json());
  };
  const detail = (submitId: number, as: Username | null) => call('get-submission-detail', submitId, as);
  const cases = (submitId: number, as: Username | null) => call('get-all-case-result', submitId, as);
  const fullDetail = async (submitId: number, as: Username) => {
    const reply = await detail(submitId, as);
    expect(reply.status, JSON.stringify(reply)).toBe(200);
    return submissionDetailSchema.parse(reply.data).submission;
  };

  beforeAll(async () => {
    api = await startQueryApi(inject('databaseUrl'), { history, clock });
  });
  afterAll(() => api?.close());

  it('answers only {status: -5} for any run of a sealed OI contest, to its submitter and to others', async () => {
    for (const [submitId, as] of [
      [2, 'alice'],
      [1, 'alice'],
      [2, 'bob'],
    ] as const) {
      const reply = await detail(submitId, as);
      expect(reply).toEqual({ status: 200, msg: 'success', data: { submission: { status: -5 }, codeShare: null } });
      expect(sealedSubmissionDetailSchema.safeParse(reply.data).success).toBe(true);
      expect(await cases(submitId, as)).toEqual({ status: 200, msg: 'success', data: null });
    }
  });

  it('gives the contest admins the whole run while sealed', async () => {
    for (const as of ['carla', 'root'] as const) {
      expect(await fullDetail(2, as)).toMatchObject({ submitId: 2, status: -1, time: 15, memory: 2048 });
      const reply = await cases(2, as);
      expect(reply.data).toMatchObject({ judgeCaseMode: 'default', judgeCaseList: [{ status: -1 }] });
    }
    expect((await fullDetail(2, 'carla')).code).toContain('printf');
  });

  it('asks anonymous callers to log in for a contest run', async () => {
    expect(await detail(2, null)).toEqual({ status: 401, msg: '请先登录！', data: null });
    expect(await cases(2, null)).toEqual({
      status: 403,
      msg: '您还未登录！不可查看比赛提交的测试点详情！',
      data: null,
    });
  });

  it('hides another user’s figures, code and error text while an ACM contest runs, and their case results', async () => {
    const seen = await fullDetail(4, 'bob');
    expect(seen).toMatchObject({ status: -2, time: null, memory: null, length: null, code: null });
    expect(seen.errorMessage).toBe(
      "The contest is in progress. You are not allowed to view other people's error information.",
    );
    expect(await cases(4, 'bob')).toMatchObject({ status: 200, data: null });
    const own = await fullDetail(4, 'alice');
    expect(own).toMatchObject({ time: 15, errorMessage: 'main.cpp:1: error' });
    expect(own.code).toContain('printf');
  });

  it('F2: seals post-seal OI runs in check-submissions-status, hides others’ figures while running, and answers strangers nothing', async () => {
    const poll = async (as: Username | null) => {
      const reply = await api.inject({
        method: 'POST',
        url: '/api/check-submissions-status',
        as: as && uid(as),
        payload: { submitIds: [1, 2, 4] },
      });
      return envelope(
        z.record(
          z.string(),
          z.object({ status: z.number(), time: z.number().nullable(), score: z.number().nullable() }).loose(),
        ),
      ).parse(reply.json()).data;
    };
    expect(await poll('alice')).toEqual({
      '1': expect.objectContaining({ status: 0, time: 15 }),
      '2': expect.objectContaining({ status: -5, time: null, score: null }),
      '4': expect.objectContaining({ status: -2, time: 15 }),
    });
    expect(await poll('bob')).toEqual({
      '1': expect.objectContaining({ status: 0, time: null }),
      '2': expect.objectContaining({ status: -5, time: null, score: null }),
      '4': expect.objectContaining({ status: -2, time: null }),
    });
    // Anonymous callers pass no contest's access check, so contest rows are not theirs to poll.
    expect(await poll(null)).toEqual({});
    const admin = await poll('carla');
    expect(Object.keys(admin)).toEqual(['1', '2', '4']);
    expect(admin['2']).toMatchObject({ status: -1 });
  });

  it('shows the whole run once the contest ends and unseals, but not while the board is kept sealed', async () => {
    clock.advanceBy(15 * 60_000 + 1000);
    const own = await fullDetail(2, 'alice');
    expect(own).toMatchObject({ submitId: 2, status: -1, time: 15, memory: 2048 });
    expect(own.code).toContain('printf');
    expect(await fullDetail(2, 'bob')).toMatchObject({ status: -1, time: 15, code: null });
    expect((await cases(2, 'alice')).data).toMatchObject({ judgeCaseList: [{ status: -1 }] });
    expect((await detail(3, 'alice')).data).toEqual({ submission: { status: -5 }, codeShare: null });
    expect(await fullDetail(3, 'carla')).toMatchObject({ status: -1 });
  });
});
