import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { contestStream, problemStream, submissionStream, type ContestSettings } from '@oj/events';
import {
  aCaseJudged,
  aContestCreated,
  aContestProblemAdded,
  aContestantRegistered,
  aProblemCreated,
  aProblemDefinition,
  aSubmissionCreated,
  aSubmissionJudged,
  aSubmissionShareChanged,
  someContestSettings,
} from '@oj/events/testing';
import { envelope, manualClock } from '@oj/platform';
import { startQueryApi, type QueryApiHarness, type TestEvent } from '../query-api-harness';
import { registeredUsers, uidOf as uid } from '../query-api-seeding';

const users = ['root', 'carla', 'alice', 'bob', 'dave'] as const;
type Username = (typeof users)[number];

/** Bank problems: P1 contest-only (auth 3), P2 hidden (auth 2), P3 public. */
const problems = [
  { problemId: 1, displayId: 'BANK-P1', auth: 3 },
  { problemId: 2, displayId: 'BANK-P2', auth: 2 },
  { problemId: 3, displayId: 'BANK-P3', auth: 1 },
] as const;

/** Carla's contests, 10:00 to 15:00: 1 public and sealed from 14:00, 2 private (alice registered), 3 invisible. */
const sealedAt = '2026-01-10T14:00:00.000Z';
function contestEvents(contestId: number, problemId: number, settings: ContestSettings): TestEvent[] {
  const stream = contestStream(contestId);
  return [
    {
      stream,
      type: 'ContestCreated',
      data: aContestCreated({ contestId, type: 'ACM', createdBy: uid('carla'), author: 'carla', settings }),
    },
    {
      stream,
      type: 'ContestProblemAdded',
      data: aContestProblemAdded({ contestId, contestProblemId: contestId, problemId, displayId: 'A' }),
    },
  ];
}

const announcement = (contestId: number, announcementId: number, visible: boolean): TestEvent => ({
  stream: contestStream(contestId),
  type: 'ContestAnnouncementPosted',
  data: {
    contestId,
    announcementId,
    title: visible ? `published ${announcementId}` : `DRAFT ${announcementId}`,
    content: 'text',
    visible,
    authorId: uid('carla'),
    authorUsername: 'carla',
    postedAt: '2026-01-10T10:00:00.000Z',
  },
});

function run(
  submissionId: number,
  username: Username,
  problemId: number,
  contestId: number | null,
  at: string,
  status: 'AC' | 'WA',
): TestEvent[] {
  const stream = submissionStream(submissionId);
  const displayId = problems.find((problem) => problem.problemId === problemId)?.displayId ?? '';
  return [
    {
      stream,
      type: 'SubmissionCreated',
      data: aSubmissionCreated({
        submissionId,
        userId: uid(username),
        username,
        problemId,
        problemDisplayId: displayId,
        contestId,
        contestProblemId: contestId,
        submittedAt: `2026-01-10T${at}.000Z`,
      }),
    },
    { stream, type: 'CaseJudged', data: aCaseJudged({ submissionId, status }) },
    { stream, type: 'SubmissionJudged', data: aSubmissionJudged({ submissionId, status, timeMs: 15 }) },
  ];
}

const history: TestEvent[] = [
  ...registeredUsers(users),
  ...problems.map(({ problemId, displayId, auth }) => ({
    stream: problemStream(problemId),
    ...aProblemCreated({ problemId, definition: aProblemDefinition({ displayId, auth }) }),
  })),
  ...contestEvents(1, 1, someContestSettings({ sealRank: true, sealRankAt: sealedAt })),
  ...contestEvents(2, 1, someContestSettings({ auth: 1, password: 'secret' })),
  ...contestEvents(3, 3, someContestSettings({ openRank: true })),
  {
    stream: contestStream(3),
    type: 'ContestVisibilityChanged',
    data: { contestId: 3, visible: false, changedBy: uid('carla'), changedAt: '2026-01-10T09:00:00.000Z' },
  },
  {
    stream: contestStream(2),
    type: 'ContestantRegistered',
    data: aContestantRegistered({ contestId: 2, userId: uid('alice'), username: 'alice' }),
  },
  announcement(1, 1, true),
  announcement(1, 2, false),
  announcement(2, 3, true),
  ...run(1, 'alice', 1, 1, '14:10:00', 'AC'),
  ...run(2, 'alice', 1, 1, '13:00:00', 'WA'),
  ...run(3, 'alice', 1, 2, '13:00:00', 'AC'),
  ...run(4, 'alice', 2, null, '09:00:00', 'AC'),
  ...run(5, 'bob', 3, null, '09:00:00', 'AC'),
  ...run(6, 'alice', 1, null, '09:00:00', 'AC'),
  ...[4, 6].map((submissionId) => ({
    stream: submissionStream(submissionId),
    type: 'SubmissionShareChanged',
    data: aSubmissionShareChanged({ submissionId, share: true, changedBy: uid('alice') }),
  })),
];

const anyEnvelope = envelope(z.unknown());
const rowsSchema = envelope(z.record(z.string(), z.looseObject({ status: z.number(), displayPid: z.string() })));

describe('freeze, access and bank-id rules of the contest reads', () => {
  let api: QueryApiHarness;
  const clock = manualClock(new Date('2026-01-10T14:30:00.000Z'));
  const get = async (url: string, as: Username | null = null) =>
    anyEnvelope.parse((await api.inject({ url: `/api/${url}`, as: as && uid(as) })).json());
  const post = async (url: string, payload: object, as: Username | null = null) =>
    anyEnvelope.parse((await api.inject({ method: 'POST', url: `/api/${url}`, payload, as: as && uid(as) })).json());
  const poll = async (submitIds: number[], as: Username | null) =>
    rowsSchema.parse(await post('check-submissions-status', { submitIds }, as)).data;

  beforeAll(async () => {
    api = await startQueryApi(inject('databaseUrl'), { history, clock });
  });
  afterAll(() => api?.close());

  describe('F2', () => {
    it('F2: check-submissions-status answers -5 without score for another user’s post-seal ACM row, and nothing anonymously', async () => {
      const rows = await poll([1, 2], 'bob');
      expect(rows['1']).toMatchObject({ status: -5, score: null, time: null, memory: null });
      expect(rows['2']).toMatchObject({ status: -1 });
      expect((await poll([1], 'alice'))['1']).toMatchObject({ status: 0 });
      expect(await poll([1, 2, 3], null)).toEqual({});
    });

    it('F2: get-submission-detail and get-all-case-result reveal nothing of a sealed ACM row to another user', async () => {
      expect(await get('get-submission-detail?submitId=1', 'bob')).toEqual({
        status: 200,
        msg: 'success',
        data: { submission: { status: -5 }, codeShare: null },
      });
      expect(await get('get-all-case-result?submitId=1', 'bob')).toEqual({ status: 200, msg: 'success', data: null });
      expect(await get('get-submission-detail?submitId=1', 'alice')).toMatchObject({
        data: { submission: { status: 0 } },
      });
    });

    it('F2: a private contest’s rows are not answered to a user who may not enter it', async () => {
      expect(await poll([3], 'dave')).toEqual({});
      expect(await get('get-submission-detail?submitId=3', 'dave')).toMatchObject({ status: 403 });
      expect(await get('get-all-case-result?submitId=3', 'dave')).toMatchObject({ status: 403 });
      expect(await post('check-contest-submissions-status', { cid: 2, submitIds: [3] }, 'dave')).toMatchObject({
        status: 403,
      });
      expect(await poll([3], 'alice')).toMatchObject({ '3': { status: 0 } });
    });

    it('F2: check-contest-submissions-status keeps the freeze for another user', async () => {
      const reply = rowsSchema.parse(
        await post('check-contest-submissions-status', { cid: 1, submitIds: [1, 2] }, 'bob'),
      );
      expect(reply.data['1']?.status ?? -5).toBe(-5);
      expect(reply.data['2']).toMatchObject({ status: -1 });
    });
  });

  it('F4: contest replies name the contest display id, never the bank problem', async () => {
    const details = await get('get-contest-problem-details?cid=1&displayId=A', 'alice');
    expect(details).toMatchObject({ status: 200, data: { problem: { problemId: 'A' } } });
    expect(JSON.stringify(details)).not.toContain('BANK-P1');
    const polled = await poll([1, 2], 'alice');
    expect(polled['1']?.displayPid).toBe('A');
    expect(JSON.stringify(polled)).not.toContain('BANK-P1');
    const detail = await get('get-submission-detail?submitId=2', 'alice');
    expect(detail).toMatchObject({ data: { submission: { displayPid: 'A' } } });
    expect(JSON.stringify(detail)).not.toContain('BANK-P1');
  });

  it('F11: get-contest-not-read-announcement checks contest access and answers published announcements only', async () => {
    const unread = await post('get-contest-not-read-announcement', { cid: 1, readAnnouncementList: [] }, 'bob');
    expect(unread).toMatchObject({ status: 200, data: [{ id: 1, title: 'published 1' }] });
    expect(unread.data).toHaveLength(1);
    expect(await post('get-contest-not-read-announcement', { cid: 2, readAnnouncementList: [] }, 'dave')).toMatchObject(
      { status: 403, data: null },
    );
  });

  it('F13: an invisible contest serves no outside board and no anonymous problem list', async () => {
    expect(await post('get-contest-outside-scoreboard', { cid: 3, currentPage: 1, limit: 30 })).toMatchObject({
      status: 400,
      data: null,
    });
    expect(await get('get-contest-problem?cid=3')).toMatchObject({ status: 400, data: null });
    expect(await post('get-contest-outside-scoreboard', { cid: 3, currentPage: 1, limit: 30 }, 'carla')).toMatchObject({
      status: 200,
    });
  });

  describe('F20', () => {
    it('F20: get-submission-list hides hidden and contest-only problems’ rows from everyone but their submitter and the back office', async () => {
      const listed = async (as: Username | null) => {
        const reply = envelope(z.object({ records: z.array(z.object({ submitId: z.number() }).loose()) })).parse(
          (await api.inject({ url: '/api/get-submission-list?limit=50', as: as && uid(as) })).json(),
        );
        return reply.data.records.map((row) => row.submitId).sort();
      };
      expect(await listed(null)).toEqual([5]);
      expect(await listed('bob')).toEqual([5]);
      expect(await listed('alice')).toEqual([4, 5, 6]);
      expect(await listed('root')).toEqual([4, 5, 6]);
    });

    it('F20: a shared practice run of a hidden or contest-only problem is not readable by others', async () => {
      for (const submitId of [4, 6]) {
        expect(await get(`get-submission-detail?submitId=${submitId}`, 'bob')).toMatchObject({ status: 403 });
        expect(await get(`get-submission-detail?submitId=${submitId}`, null)).toMatchObject({ status: 403 });
      }
      expect(await get('get-submission-detail?submitId=5', 'alice')).toMatchObject({ status: 200 });
    });

    it('F20: templates and languages of hidden and contest-only problems need the back office or an enterable contest', async () => {
      for (const path of ['get-problem-code-template', 'get-problem-languages']) {
        expect(await get(`${path}?pid=2`, 'alice')).toMatchObject({ status: 403 });
        expect(await get(`${path}?pid=1`, null)).toMatchObject({ status: 403 });
        expect(await get(`${path}?pid=1`, 'alice')).toMatchObject({ status: 200 });
        expect(await get(`${path}?pid=2`, 'root')).toMatchObject({ status: 200 });
        expect(await get(`${path}?pid=3`, null)).toMatchObject({ status: 200 });
      }
    });
  });
});
