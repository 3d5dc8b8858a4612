import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { contestStream, submissionStream, userStream } from '@oj/events';
import {
  aContestCreated,
  aSubmissionCreated,
  aSubmissionJudged,
  aSubmissionRejudgeRequested,
  aUserRegistered,
  someContestSettings,
} from '@oj/events/testing';
import { envelope } from '@oj/platform';
import { pageOf } from '@oj/contracts';
import { startQueryApi, type QueryApiHarness, type TestEvent } from '../query-api-harness';
import { auditCsvColumns, auditEntrySchema } from '@oj/contracts';

const root = '000000000000000000000000000000r1';
const admin = '000000000000000000000000000000a1';
const creator = '000000000000000000000000000000p1';
const plain = '000000000000000000000000000000u1';
const by = (actorId: string, clientIp = '10.0.0.7') => ({ actorId, clientIp, correlationId: 'c', causationId: 'c' });

function account(
  userId: string,
  username: string,
  role: 'root' | 'admin' | 'problem_admin' | 'default_user',
): TestEvent {
  const event = aUserRegistered({ userId, username, email: `${username}@x.test`, role });
  return { stream: userStream(userId), ...event, metadata: by(userId) };
}

function contest(contestId: number, createdBy: string, title: string): TestEvent {
  const data = aContestCreated({ contestId, createdBy, settings: someContestSettings({ title }) });
  return { stream: contestStream(contestId), type: 'ContestCreated', data, metadata: by(createdBy) };
}

const submissionId = 31;
const history: TestEvent[] = [
  account(root, 'root', 'root'),
  account(admin, 'ada', 'admin'),
  account(creator, 'pat', 'problem_admin'),
  account(plain, 'ulla', 'default_user'),
  contest(1, root, 'Root cup'),
  contest(2, creator, 'Pat cup'),
  {
    stream: submissionStream(submissionId),
    type: 'SubmissionCreated',
    data: aSubmissionCreated({ submissionId, contestId: 1, userId: plain, submittedAt: '2026-03-01T10:00:00.000Z' }),
    metadata: by(plain, '10.9.9.9'),
  },
  {
    stream: submissionStream(submissionId),
    type: 'SubmissionJudged',
    data: aSubmissionJudged({ submissionId, status: 'WA' }),
    metadata: { judger: 'judge-1', correlationId: 'c', causationId: 'c' },
  },
  {
    stream: submissionStream(submissionId),
    type: 'SubmissionRejudgeRequested',
    data: aSubmissionRejudgeRequested({ submissionId, requestedBy: root, reason: '=HYPERLINK("x"), "quoted"' }),
    metadata: by(root),
  },
];

const entryPage = envelope(pageOf(auditEntrySchema.strict()));

describe('GET /api/admin/audit and its export (issue 13 item 2)', () => {
  let api: QueryApiHarness;
  const get = (url: string, as: string | null) => api.inject({ method: 'GET', url, as });

  beforeAll(async () => {
    api = await startQueryApi(inject('databaseUrl'), { history });
  });
  afterAll(() => api?.close());

  it("lists a contest's trail newest first, with the rejudge's actor, address and reason", async () => {
    const reply = await get('/api/admin/audit?scope=contest&id=1', root);
    const { data } = entryPage.parse(reply.json());
    expect(data.records.map((row) => [row.eventType, row.actorName ?? row.actorId])).toEqual([
      ['SubmissionRejudgeRequested', 'root'],
      ['SubmissionJudged', 'judge:judge-1'],
      ['SubmissionCreated', 'ulla'],
      ['ContestCreated', 'root'],
    ]);
    expect(data.records[0]).toMatchObject({
      kind: 'rejudge',
      command: 'RejudgeSubmission',
      ip: '10.0.0.7',
      cid: 1,
      uid: plain,
      username: 'ulla',
      submitId: submissionId,
      reason: '=HYPERLINK("x"), "quoted"',
    });
    expect(data.records[0]?.changes).toContainEqual({ field: 'verdict', before: 'WA', after: 'Pending' });
  });

  it('filters by actor (uid or username), type, kind and time range, and pages', async () => {
    const ids = async (query: string) =>
      entryPage.parse((await get(`/api/admin/audit?${query}`, admin)).json()).data.records.map((row) => row.eventType);
    expect(await ids('actor=ulla')).toEqual(['SubmissionCreated', 'UserRegistered']);
    expect(await ids(`actor=${root}&kind=rejudge`)).toEqual(['SubmissionRejudgeRequested']);
    expect(await ids('type=ContestCreated')).toEqual(['ContestCreated', 'ContestCreated']);
    expect(await ids(`scope=user&id=${plain}`)).toEqual([
      'SubmissionRejudgeRequested',
      'SubmissionJudged',
      'SubmissionCreated',
      'UserRegistered',
    ]);
    expect(await ids('from=2000-01-01T00:00:00Z&to=2001-01-01T00:00:00Z')).toEqual([]);
    const second = entryPage.parse((await get('/api/admin/audit?limit=2&currentPage=2', root)).json()).data;
    expect(second).toMatchObject({ total: history.length, size: 2, current: 2, pages: 5 });
    expect(second.records).toHaveLength(2);
  });

  it("shows a contest's creator their contest's trail only, and refuses plain users and anonymous callers", async () => {
    const own = entryPage.parse((await get('/api/admin/audit?scope=contest&id=2', creator)).json());
    expect(own.data.records.map((row) => row.cid)).toEqual([2]);
    for (const url of [
      '/api/admin/audit?scope=contest&id=1',
      '/api/admin/audit',
      '/api/admin/audit/export?scope=site',
    ]) {
      expect((await get(url, creator)).statusCode).toBe(403);
    }
    expect((await get('/api/admin/audit?scope=contest&id=2', plain)).statusCode).toBe(403);
    expect((await get('/api/admin/audit?scope=contest&id=2', null)).statusCode).toBe(401);
  });

  it('refuses a malformed filter with 400 instead of widening it', async () => {
    for (const query of [
      'scope=contest',
      'scope=contest&id=abc',
      'scope=galaxy',
      'from=yesterday',
      'kind=everything',
    ]) {
      const reply = await get(`/api/admin/audit?${query}`, root);
      expect(reply.json()).toMatchObject({ status: 400 });
    }
  });

  it('exports NDJSON whose every line parses as an entry', async () => {
    const reply = await get('/api/admin/audit/export?format=ndjson&scope=contest&id=1', root);
    expect(reply.headers['content-type']).toContain('application/x-ndjson');
    const lines = reply.body.trimEnd().split('\n');
    expect(lines.map((line) => auditEntrySchema.strict().parse(JSON.parse(line)).eventType)).toHaveLength(4);
    const bounded = await get('/api/admin/audit/export?format=ndjson&max=1', root);
    expect(bounded.body.trimEnd().split('\n')).toHaveLength(1);
  });

  it('exports CSV with a header, quoted cells and formulas defused', async () => {
    const reply = await get('/api/admin/audit/export?format=csv&scope=submission&id=31', root);
    expect(reply.headers['content-type']).toContain('text/csv');
    expect(reply.headers['content-disposition']).toContain('audit-submission-31.csv');
    const [header, newest, ...rest] = reply.body.trimEnd().split('\r\n');
    expect(header).toBe(auditCsvColumns.join(','));
    expect(rest).toHaveLength(2);
    expect(newest).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
    expect(newest).toContain('verdict: WA → Pending');
    expect(z.string().parse(newest).split(',')[2]).toBe('SubmissionRejudgeRequested');
  });
});
