import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { contestStream, problemStream, submissionStream, userStream, type ContestSettings } from '@oj/events';
import {
  aContestCreated,
  aContestProblemAdded,
  aProblemCreated,
  aProblemDefinition,
  aSubmissionCreated,
  aSubmissionJudged,
  aUserProfileEdited,
  someContestSettings,
} from '@oj/events/testing';
import { manualClock } from '@oj/platform';
import { startQueryApi, type QueryApiHarness, type TestEvent } from '../query-api-harness';
import { registeredUsers, uidOf as uid } from '../query-api-seeding';

const users = ['root', 'carla', 'alice', 'bob', 'sam', 'eve'] as const;
type Username = (typeof users)[number];

const contests = { acm: 1, oi: 2 } as const;

/** 10:00–15:00 UTC, made by carla; the ACM one is sealed from 14:00 and sam is its star user. */
const settings = (overrides: Partial<ContestSettings> = {}) =>
  someContestSettings({ starAccounts: ['sam'], rankShowName: 'nickname', ...overrides });

function contestEvents(contestId: number, type: 'ACM' | 'OI', contestSettings: ContestSettings): TestEvent[] {
  const stream = contestStream(contestId);
  return [
    {
      stream,
      type: 'ContestCreated',
      data: aContestCreated({ contestId, type, createdBy: uid('carla'), author: 'carla', settings: contestSettings }),
    },
    ...['A', 'B', 'C'].map((displayId, index) => ({
      stream,
      type: 'ContestProblemAdded',
      data: aContestProblemAdded({
        contestId,
        contestProblemId: contestId * 10 + index,
        problemId: index + 1,
        displayId,
      }),
    })),
  ];
}

function submitted(
  submissionId: number,
  contestId: number,
  username: Username,
  displayId: 'A' | 'B' | 'C',
  at: string,
  verdict: { status: 'AC' | 'WA' | 'CE' | 'PA'; score?: number },
  language = 'C++',
): TestEvent[] {
  const stream = submissionStream(submissionId);
  const index = ['A', 'B', 'C'].indexOf(displayId);
  return [
    {
      stream,
      type: 'SubmissionCreated',
      data: aSubmissionCreated({
        submissionId,
        userId: uid(username),
        username,
        problemId: index + 1,
        problemDisplayId: `P${index + 1}`,
        contestId,
        contestProblemId: contestId * 10 + index,
        language,
        code: `// submission ${submissionId}\n`,
        submittedAt: `2026-01-10T${at}.000Z`,
      }),
    },
    {
      stream,
      type: 'SubmissionJudged',
      data: aSubmissionJudged({ submissionId, attempt: 0, status: verdict.status, score: verdict.score ?? null }),
    },
  ];
}

const history: TestEvent[] = [
  ...registeredUsers(users),
  {
    stream: userStream(uid('alice')),
    ...aUserProfileEdited({ userId: uid('alice'), nickname: 'Ali', realname: 'Alice Liddell', school: 'MIT' }),
  },
  ...[1, 2, 3].map((problemId) => ({
    stream: problemStream(problemId),
    ...aProblemCreated({ problemId, definition: aProblemDefinition({ displayId: `P${problemId}` }) }),
  })),
  ...contestEvents(contests.acm, 'ACM', settings({ sealRank: true, sealRankAt: '2026-01-10T14:00:00.000Z' })),
  ...contestEvents(contests.oi, 'OI', settings()),
  ...submitted(1, contests.acm, 'alice', 'A', '10:10:00', { status: 'WA' }),
  ...submitted(2, contests.acm, 'alice', 'A', '10:20:05', { status: 'AC' }),
  ...submitted(3, contests.acm, 'alice', 'A', '10:20:05', { status: 'AC' }),
  ...submitted(4, contests.acm, 'bob', 'B', '10:30:00', { status: 'AC' }, 'Python3'),
  ...submitted(5, contests.acm, 'carla', 'A', '10:05:00', { status: 'AC' }),
  ...submitted(6, contests.acm, 'root', 'B', '10:06:00', { status: 'AC' }),
  ...submitted(7, contests.acm, 'bob', 'A', '14:10:00', { status: 'WA' }),
  ...submitted(8, contests.acm, 'sam', 'A', '11:00:00', { status: 'AC' }),
  ...submitted(9, contests.acm, 'alice', 'B', '09:00:00', { status: 'AC' }),
  ...submitted(10, contests.acm, 'bob', 'C', '14:20:00', { status: 'AC' }, 'Java'),
  ...submitted(21, contests.oi, 'alice', 'A', '10:10:00', { status: 'PA', score: 40 }),
  ...submitted(22, contests.oi, 'alice', 'A', '10:50:00', { status: 'PA', score: 30 }),
  ...submitted(23, contests.oi, 'alice', 'B', '11:00:00', { status: 'CE' }),
  ...submitted(24, contests.oi, 'bob', 'A', '11:00:00', { status: 'AC', score: 100 }),
];

describe('contest downloads (§1.2.6 accepted submissions, §1.2.7 rank) over HTTP', () => {
  let api: QueryApiHarness;
  const clock = manualClock(new Date('2026-01-10T14:30:00.000Z'));

  const download = (url: string, as: Username | null, language = 'zh-CN') =>
    api.inject({ url, headers: { 'accept-language': language }, as: as && uid(as) });
  const unzipped = async (url: string, as: Username = 'carla') => {
    const reply = await download(url, as);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(reply.rawPayload));
    return Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, strFromU8(bytes)]));
  };
  /** Reads the xlsx back with the library that wrote it (exceljs types its input as an ArrayBuffer). */
  const sheetRows = async (url: string, as: Username = 'carla') => {
    const reply = await download(url, as);
    expect(reply.statusCode, reply.body).toBe(200);
    const cid = new URL(url, 'http://oj.test').searchParams.get('cid');
    expect(reply.headers['content-disposition']).toContain(`filename="contest_${cid}_rank.xlsx"`);
    const bytes = reply.rawPayload;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.getWorksheet('rank')?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };

  beforeAll(async () => {
    api = await startQueryApi(inject('databaseUrl'), { history, clock });
  });
  afterAll(() => api?.close());

  describe('GET /api/file/download-contest-ac-submission', () => {
    const acUrl = (query: string) => `/api/file/download-contest-ac-submission?${query}`;

    it('refuses without a login, to a user who is not a contest admin, and for a missing contest', async () => {
      expect((await download(acUrl('cid=1'), null)).statusCode).toBe(401);
      const refused = await download(acUrl('cid=1'), 'eve');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        status: 403,
        msg: '错误：您并非该比赛的管理员，无权下载AC记录！',
        data: null,
      });
      expect((await download(acUrl('cid=1'), 'eve', 'en-US')).json()).toMatchObject({
        msg: 'Error: you are not an admin of this contest and cannot download its accepted submissions!',
      });
      expect((await download(acUrl('cid=999'), 'root')).json()).toEqual({
        status: 400,
        msg: '错误：该比赛不存在！',
        data: null,
      });
      expect((await download(acUrl('excludeAdmin=true'), 'root')).statusCode).toBe(400);
    });

    it('answers an unknown splitType with a 400 instead of an empty zip', async () => {
      const reply = await download(acUrl('cid=1&splitType=team'), 'carla');
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({ status: 400, msg: '错误：splitType只能是user或problem！', data: null });
    });

    it('zips every in-contest ACM AC per user, sealed or not, with same-second duplicates both kept', async () => {
      const reply = await download(acUrl('cid=1'), 'carla');
      expect(reply.headers['content-disposition']).toContain(`filename="contest_1_${clock.now().getTime()}.zip"`);
      expect(await unzipped(acUrl('cid=1'))).toEqual({
        'alice/': '',
        'alice/A_(20260110182005)_2.cpp': '// submission 2\n',
        'alice/A_(20260110182005)_3.cpp': '// submission 3\n',
        'bob/': '',
        'bob/B_(20260110183000).py': '// submission 4\n',
        'bob/C_(20260110222000).java': '// submission 10\n',
        'carla/': '',
        'carla/A_(20260110180500).cpp': '// submission 5\n',
        'root/': '',
        'root/B_(20260110180600).cpp': '// submission 6\n',
        'sam/': '',
        'sam/A_(20260110190000).cpp': '// submission 8\n',
      });
    });

    it('splits by problem, and leaves out the creator and root users with excludeAdmin', async () => {
      const files = await unzipped(acUrl('cid=1&splitType=problem&excludeAdmin=true'), 'root');
      expect(Object.keys(files).sort()).toEqual([
        'A/',
        'A/alice_(20260110182005)_2.cpp',
        'A/alice_(20260110182005)_3.cpp',
        'A/sam_(20260110190000).cpp',
        'B/',
        'B/bob_(20260110183000).py',
        'C/',
        'C/bob_(20260110222000).java',
      ]);
    });

    it('keeps the newest scored OI submission per user and problem, with its score', async () => {
      expect(await unzipped(acUrl('cid=2&splitType=user'))).toEqual({
        'alice/': '',
        'alice/A_30_(20260110185000).cpp': '// submission 22\n',
        'bob/': '',
        'bob/A_100_(20260110190000).cpp': '// submission 24\n',
      });
    });
  });

  describe('GET /api/file/download-contest-rank', () => {
    const rankUrl = (query: string) => `/api/file/download-contest-rank?cid=1&${query}`;
    const header = ['Rank', 'Username', 'ShowName', 'Real Name', 'School', 'AC', 'Total Submission'];

    it('refuses without a login, to a non-admin, and without forceRefresh', async () => {
      expect((await download(rankUrl('forceRefresh=false'), null)).statusCode).toBe(401);
      const refused = await download(rankUrl('forceRefresh=true'), 'alice');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        status: 403,
        msg: '错误：您并非该比赛的管理员，无权下载榜单！',
        data: null,
      });
      expect((await download('/api/file/download-contest-rank?cid=999&forceRefresh=true', 'root')).json()).toEqual({
        status: 400,
        msg: '错误：该比赛不存在！',
        data: null,
      });
      expect((await download(rankUrl('removeStar=true'), 'carla')).json()).toMatchObject({ status: 400 });
    });

    it('writes the sealed board while sealed: tries after the seal as "?(t)", star users ranked "*"', async () => {
      expect(await sheetRows(rankUrl('forceRefresh=false'))).toEqual([
        [...header, 'Total Penalty Time', 'A', 'B', 'C'],
        [1, 'bob', 'bob', undefined, undefined, 1, 3, 1800, '?(1)', '+(1)', '?(1)'],
        [2, 'alice', 'Ali', 'Alice Liddell', 'MIT', 1, 3, 2405, '+(2)'],
        ['*', 'sam', 'sam', undefined, undefined, 1, 1, 3600, '+(1)'],
      ]);
    });

    it('writes the live board with forceRefresh, and drops star users with removeStar', async () => {
      expect(await sheetRows(rankUrl('forceRefresh=true&removeStar=true'), 'root')).toEqual([
        [...header, 'Total Penalty Time', 'A', 'B', 'C'],
        [1, 'bob', 'bob', undefined, undefined, 2, 3, 17400, '-(1)', '+(1)', '+(1)'],
        [2, 'alice', 'Ali', 'Alice Liddell', 'MIT', 1, 3, 2405, '+(2)'],
      ]);
    });

    it('writes the OI columns: total score and each problem score', async () => {
      const rows = await sheetRows('/api/file/download-contest-rank?cid=2&forceRefresh=false');
      expect(rows).toEqual([
        ['Rank', 'Username', 'ShowName', 'Real Name', 'School', 'Total Score', 'A', 'B', 'C'],
        [1, 'bob', 'bob', undefined, undefined, 100, 100],
        [2, 'alice', 'Ali', 'Alice Liddell', 'MIT', 30, 30],
      ]);
    });
  });
});
