import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contestStream, problemStream, userStream, type ProblemDefinition } from '@oj/events';
import {
  aContestCreated,
  aContestProblemAdded,
  aProblemCreated,
  aProblemDefinition,
  aUserRegistered,
} from '@oj/events/testing';
import { manualClock } from '@oj/platform';
import { startQueryApi, type QueryApiHarness, type TestEvent } from '../query-api-harness';

const uid = (name: string) => name.padEnd(32, '0');
const roles = { root: 'root', ann: 'admin', pam: 'problem_admin', bob: 'default_user' } as const;
type Username = keyof typeof roles;

/** The bank: pid → what matters to the candidate list. Contest 1 (ACM) holds 5; contest 2 (OI) holds nothing. */
const bank: Record<number, Partial<ProblemDefinition>> = {
  1: { displayId: 'SUM1', title: 'Alpha Sum', author: 'ann', type: 'ACM', auth: 1 },
  2: { displayId: 'HID2', title: 'Hidden', type: 'ACM', auth: 2 },
  3: { displayId: 'CON3', title: 'Other contest', type: 'ACM', auth: 3 },
  4: { displayId: 'OI4', title: 'Oi one', type: 'OI', auth: 1 },
  5: { displayId: 'LNK5', title: 'Beta linked', type: 'ACM', auth: 1 },
  6: { displayId: 'G6', title: 'Gamma 100%', type: 'ACM', auth: 1 },
  7: { displayId: 'G7', title: 'Gamma', type: 'ACM', auth: 1 },
};

const history: TestEvent[] = [
  ...Object.entries(roles).map(([username, role]) => ({
    stream: userStream(uid(username)),
    ...aUserRegistered({ userId: uid(username), username, email: `${username}@example.com`, role }),
  })),
  ...Object.entries(bank).map(([pid, definition]) => ({
    stream: problemStream(Number(pid)),
    ...aProblemCreated({
      problemId: Number(pid),
      // F14: who manages a problem is its creator's uid; ann created SUM1 (its author text names her too).
      creatorId: pid === '1' ? uid('ann') : uid('root'),
      definition: aProblemDefinition({ author: 'root', ...definition }),
    }),
  })),
  { stream: contestStream(1), type: 'ContestCreated', data: aContestCreated({ contestId: 1 }) },
  {
    stream: contestStream(1),
    type: 'ContestProblemAdded',
    data: aContestProblemAdded({ contestId: 1, contestProblemId: 10, problemId: 5, displayId: 'A', color: '#f00' }),
  },
  { stream: contestStream(2), type: 'ContestCreated', data: aContestCreated({ contestId: 2, type: 'OI' }) },
];

type Reply = { status: number; msg: string; data: Record<string, unknown> | null };
type ListData = {
  problemList: { records: { id: number; title: string }[]; total: number; current: number };
  contestProblemMap: Record<string, { id: number; displayId: string }>;
  type: number | null;
};

describe('the contest back office problem reads (GET /api/admin/contest/get-problem-list, /contest-problem)', () => {
  let api: QueryApiHarness;
  const clock = manualClock(new Date('2026-01-10T17:00:00.000Z'));
  const call = async (url: string, as: Username | null = 'root') => {
    const reply = await api.inject({ url, as: as && uid(as) });
    return reply.json() as Reply;
  };
  const list = async (query: string, as: Username = 'root') => {
    const reply = await call(`/api/admin/contest/get-problem-list?${query}`, as);
    expect(reply.status).toBe(200);
    return reply.data as unknown as ListData;
  };
  const ids = (data: ListData) => data.problemList.records.map((row) => row.id);

  beforeAll(async () => {
    api = await startQueryApi(inject('databaseUrl'), { history, clock });
  });
  afterAll(() => api?.close());

  it('answers the contest own problems without problemType, as before', async () => {
    const data = await list('cid=1');
    expect(data.problemList.records).toEqual([{ id: 5, title: 'A + B', auth: 1 }]);
    expect(data.contestProblemMap['5']).toMatchObject({ id: 10, cid: 1, pid: 5, displayId: 'A', color: '#f00' });
  });

  it("answers the contest's type to a problem admin who did not create it, null without such a contest", async () => {
    expect((await list('cid=1', 'pam')).type).toBe(0);
    expect((await list('cid=2', 'pam')).type).toBe(1);
    expect((await list('cid=2&problemType=0', 'pam')).type).toBe(1);
    expect((await list('cid=99', 'pam')).type).toBeNull();
  });

  it('lists candidates of the contest type that are neither linked nor private, newest first', async () => {
    const data = await list('cid=1&problemType=0');
    expect(ids(data)).toEqual([7, 6, 3, 1]);
    expect(data.problemList.total).toBe(4);
    expect(data.problemList.records[0]).toMatchObject({ id: 7, problemId: 'G7', title: 'Gamma', type: 0, auth: 1 });
    expect(Object.keys(data.contestProblemMap)).toEqual(['5']);
    expect(ids(await list('cid=1&problemType=1'))).toEqual([4]);
    expect(ids(await list('cid=2&problemType=0'))).toEqual([7, 6, 5, 3, 1]);
  });

  it('filters by keyword over title, problem id and author, and treats LIKE characters literally', async () => {
    expect(ids(await list('cid=1&problemType=0&keyword=alpha'))).toEqual([1]);
    expect(ids(await list('cid=1&problemType=0&keyword=%20con3%20'))).toEqual([3]);
    expect(ids(await list('cid=1&problemType=0&keyword=ann'))).toEqual([1]);
    expect(ids(await list('cid=1&problemType=0&keyword=100%25'))).toEqual([6]);
    expect(ids(await list('cid=1&problemType=0&keyword=_'))).toEqual([]);
    expect(ids(await list('cid=1&problemType=0&keyword=linked'))).toEqual([]);
  });

  it('pages the candidates with limit and currentPage', async () => {
    const second = await list('cid=1&problemType=0&limit=3&currentPage=2');
    expect(ids(second)).toEqual([1]);
    expect(second.problemList).toMatchObject({ total: 4, current: 2, size: 3, pages: 2 });
  });

  it('refuses a problem type other than 0 and 1, and callers without an admin role', async () => {
    expect(await call('/api/admin/contest/get-problem-list?cid=1&problemType=7')).toMatchObject({ status: 400 });
    expect(await call('/api/admin/contest/get-problem-list?cid=1&problemType=0', 'bob')).toMatchObject({
      status: 403,
    });
    expect(await call('/api/admin/contest/get-problem-list?cid=1', null)).toMatchObject({ status: 401 });
  });

  it('reads one contest problem link, and 400 when the contest does not hold the problem', async () => {
    const reply = await call('/api/admin/contest/contest-problem?cid=1&pid=5', 'ann');
    expect(reply).toMatchObject({
      status: 200,
      data: { id: 10, cid: 1, pid: 5, displayId: 'A', displayTitle: 'A + B' },
    });
    expect(Object.keys(reply.data ?? {}).sort()).toEqual(
      ['cid', 'color', 'displayId', 'displayTitle', 'gmtCreate', 'gmtModified', 'id', 'pid'].sort(),
    );
    expect(await call('/api/admin/contest/contest-problem?cid=1&pid=1')).toMatchObject({
      status: 400,
      msg: '查询失败',
    });
  });

  it('reads a contest problem for its editor like the bank read: its creator and problem admins only', async () => {
    expect(await call('/api/admin/contest/problem?pid=1', 'ann')).toMatchObject({
      status: 200,
      data: { id: 1, problemId: 'SUM1', title: 'Alpha Sum', author: 'ann' },
    });
    expect(await call('/api/admin/contest/problem?pid=3', 'ann')).toMatchObject({ status: 403 });
    expect(await call('/api/admin/contest/problem?pid=99')).toMatchObject({ status: 400 });
  });
});
