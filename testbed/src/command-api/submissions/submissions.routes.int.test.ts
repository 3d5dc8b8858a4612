import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { problemStream, submissionStream } from '@oj/events';
import { aCaseJudged, aJudgeStarted, aProblemCreated, aProblemDefinition, aSubmissionJudged } from '@oj/events/testing';
import { awaitProjections } from '@oj/platform';
import {
  adminVerdictReply,
  allCaseResultSchema,
  judgeRowSchema,
  pageOf,
  submissionDetailSchema,
  submissionListRowSchema,
} from '@oj/contracts';
import { startApiHarness, type ApiHarness } from '../api-harness';
import { seedAccounts } from '../account-seeding';

const envelopeOf = <Data extends z.ZodType>(data: Data) =>
  z.strictObject({ status: z.number(), msg: z.string(), data });

const cppCode = '#include <cstdio>\nint main(){int a,b;std::scanf("%d%d",&a,&b);std::printf("%d\\n",a+b);return 0;}\n';

describe('submission calls over HTTP (contract: method, path, envelope, field names)', () => {
  let harness: ApiHarness;
  let rootToken: string;
  let aliceToken: string;
  let bobToken: string;
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) => {
    const reply = await harness.app.inject({
      method,
      url,
      headers: token ? { authorization: token } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { http: reply.statusCode, body: reply.json() as { status: number; msg: string; data: never } };
  };
  const login = async (username: string, password: string) => {
    const reply = await harness.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
    if (!reply.headers.authorization) throw new Error(reply.body);
    return String(reply.headers.authorization);
  };
  const appendAndWait = async (stream: string, type: string, data: unknown) => {
    const { position } = await harness.store.append(stream, [{ id: randomUUID(), type, data }]);
    await awaitProjections(harness.pool, position, { timeoutMs: 20_000 });
  };

  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
    await seedAccounts(harness, [
      ['u-alice', 'alice'],
      ['u-bob', 'bob'],
      ['u-mute', 'mute', 'no_subimit_user'],
      ['u-carol', 'carol'],
    ]);
    const problem = aProblemCreated({ problemId: 1000, definition: aProblemDefinition({ displayId: '1000' }) });
    await appendAndWait(problemStream(1000), problem.type, problem.data);
    [rootToken, aliceToken, bobToken] = await Promise.all([
      login('root', 'rootpass'),
      login('alice', 'secret1'),
      login('bob', 'secret1'),
    ]);
  });
  afterAll(async () => {
    await harness.close();
  });

  it('POST /api/submit-problem-judge returns the Pending Judge row; refuses roles without submit, short code and a second submit within the interval', async () => {
    const submitted = await call('POST', '/api/submit-problem-judge', aliceToken, {
      pid: '1000',
      language: 'C++',
      code: cppCode,
      cid: 0,
      isRemote: false,
    });
    expect(submitted.body).toMatchObject({ status: 200 });
    const row = envelopeOf(judgeRowSchema.strict()).parse(submitted.body).data;
    expect(row).toMatchObject({
      status: 5,
      displayPid: '1000',
      username: 'alice',
      length: cppCode.length,
      share: false,
    });

    const again = await call('POST', '/api/submit-problem-judge', aliceToken, {
      pid: '1000',
      language: 'C++',
      code: cppCode,
      isRemote: false,
    });
    expect(again.body).toMatchObject({ status: 403, msg: '对不起，您的提交频率过快，请稍后再尝试！' });
    const short = await call('POST', '/api/submit-problem-judge', bobToken, {
      pid: '1000',
      language: 'C++',
      code: 'int main(){}',
      isRemote: false,
    });
    expect(short.body).toMatchObject({ status: 400, msg: '提交的代码是无效的，代码字符长度请不要低于50！' });
    const muted = await call('POST', '/api/submit-problem-judge', await login('mute', 'secret1'), {
      pid: '1000',
      language: 'C++',
      code: cppCode,
    });
    expect(muted.http).toBe(403);
    const missing = await call('POST', '/api/submit-problem-judge', await login('carol', 'secret1'), {
      pid: 'NOPE',
      language: 'C++',
      code: cppCode,
      isRemote: false,
    });
    expect(missing.body).toMatchObject({ status: 403, msg: '错误！当前题目已不存在，不可提交！' });
  });

  it('lists, details, polls and groups case results with HOJ’s fields; share, manual verdict, cancel and rejudge follow', async () => {
    const submitted = await call('POST', '/api/submit-problem-judge', bobToken, {
      pid: '1000',
      language: 'Python3',
      code: 'print(1)',
      isRemote: false,
    });
    const submitId = (submitted.body as { data: { submitId: number } }).data.submitId;
    const stream = submissionStream(submitId);
    await appendAndWait(stream, 'JudgeStarted', aJudgeStarted({ submissionId: submitId }));
    await appendAndWait(stream, 'CaseJudged', aCaseJudged({ submissionId: submitId, status: 'WA' }));
    await appendAndWait(
      stream,
      'SubmissionJudged',
      aSubmissionJudged({ submissionId: submitId, status: 'WA', errorMessage: null }),
    );

    const list = await call('GET', '/api/get-submission-list?onlyMine=false&limit=15&currentPage=1&username=bo');
    const page = envelopeOf(pageOf(submissionListRowSchema.strict()).strict()).parse(list.body).data;
    expect(page.records.map((row) => [row.submitId, row.status, row.title])).toEqual([[submitId, -1, 'A+B Problem']]);
    expect((await call('GET', '/api/get-submission-list?onlyMine=true')).body).toMatchObject({ status: 401 });

    const asStranger = envelopeOf(submissionDetailSchema.strict()).parse(
      (await call('GET', `/api/get-submission-detail?submitId=${submitId}`, aliceToken)).body,
    ).data;
    expect(asStranger).toMatchObject({
      codeShare: true,
      submission: { code: null, status: -1, errorMessage: 'The error message does not support viewing.' },
    });
    const shared = await call('PUT', '/api/submission', bobToken, { submitId, share: true, uid: 'ignored' });
    expect(shared.body).toEqual({ status: 200, msg: 'success', data: null });
    const afterShare = (await call('GET', `/api/get-submission-detail?submitId=${submitId}`, aliceToken)).body;
    expect(afterShare).toMatchObject({ data: { submission: { code: 'print(1)', share: true } } });
    expect((await call('PUT', '/api/submission', aliceToken, { submitId, share: false })).body).toMatchObject({
      status: 403,
    });

    const cases = envelopeOf(allCaseResultSchema).parse(
      (await call('GET', `/api/get-all-case-result?submitId=${submitId}`)).body,
    ).data;
    expect(cases).toMatchObject({ judgeCaseMode: 'default', judgeCaseList: [{ status: -1, seq: 1, inputData: null }] });
    const polled = await call('POST', '/api/check-submissions-status', undefined, { submitIds: [submitId], cid: 0 });
    expect(
      envelopeOf(z.record(z.string(), judgeRowSchema.strict())).parse(polled.body).data[String(submitId)],
    ).toMatchObject({ status: -1, code: null, ip: null });

    const manual = await call('GET', `/api/admin/judge/manual-judge?submitId=${submitId}&status=0`, rootToken);
    expect(envelopeOf(adminVerdictReply.strict()).parse(manual.body).data).toEqual({
      submitId,
      judger: 'root',
      status: 0,
      score: null,
      oiRankScore: null,
    });
    const statuses = await call('POST', '/api/get-user-problem-status', bobToken, {
      pidList: [1000, 1001],
      isContestProblemList: false,
    });
    expect(statuses.body).toEqual({
      status: 200,
      msg: 'success',
      data: { '1000': { status: 0 }, '1001': { status: -10 } },
    });
    const lastAc = await call('GET', '/api/get-last-ac-code?pid=1000', bobToken);
    expect(lastAc.body).toMatchObject({
      data: { submitId, language: 'Python3', code: expect.stringContaining("'''\n@runId") },
    });
    expect((await call('GET', `/api/admin/judge/manual-judge?submitId=${submitId}&status=0`, bobToken)).http).toBe(403);

    const rejudged = await call('GET', `/api/admin/judge/rejudge?submitId=${submitId}`, rootToken);
    expect(envelopeOf(judgeRowSchema.strict()).parse(rejudged.body)).toMatchObject({
      msg: '重判成功！该提交已进入判题队列！',
      data: { status: 5, isManual: false, version: 1 },
    });
    const cancelled = await call('GET', `/api/admin/judge/cancel-judge?submitId=${submitId}`, rootToken);
    expect(cancelled.body).toEqual({
      status: 200,
      msg: 'success',
      data: { submitId, judger: 'root', status: -4, score: null, oiRankScore: null },
    });
    const manualOnCancelled = await call(
      'GET',
      `/api/admin/judge/manual-judge?submitId=${submitId}&status=-2`,
      rootToken,
    );
    expect(manualOnCancelled.body).toMatchObject({ status: 400, msg: '错误：人工评测的状态不合法！' });
    const resubmitByOther = await call('GET', `/api/resubmit?submitId=${submitId}`, aliceToken);
    expect(resubmitByOther.body).toMatchObject({ status: 403, msg: '非提交该评测的用户不可操作！' });
    // Only SF and SE rows come back (security F6); the accepted path is in submission-refusals.int.test.ts.
    const resubmitCancelled = await call('GET', `/api/resubmit?submitId=${submitId}`, bobToken);
    expect(resubmitCancelled.body).toMatchObject({
      status: 403,
      msg: '错误！只有提交失败或系统错误的评测可以重新提交！',
    });
    expect((await call('GET', '/api/get-submission-detail?submitId=999999')).body).toMatchObject({
      status: 404,
      msg: '此提交数据不存在！',
    });
  });

  it('POST /api/submit-problem-test-judge returns a key; GET /api/get-test-judge-result shows it Pending to its owner only', async () => {
    const carol = await login('carol', 'secret1');
    const body = {
      pid: 1000,
      type: 'public',
      language: 'Python3',
      code: 'print(input())',
      userInput: '1 2',
      expectedOutput: null,
      mode: 'text/x-python',
      isRemoteJudge: false,
    };
    expect((await call('POST', '/api/submit-problem-test-judge', carol, { ...body, type: 'nope' })).body).toMatchObject(
      { status: 400, msg: '请求参数type错误！' },
    );
    expect(
      (await call('POST', '/api/submit-problem-test-judge', carol, { ...body, userInput: 'x'.repeat(1001) })).body,
    ).toMatchObject({ status: 400, msg: '在线调试的输入数据字符长度不能超过1000！' });
    const started = await call('POST', '/api/submit-problem-test-judge', carol, body);
    const key = envelopeOf(z.string().regex(/^TEST_JUDGE_[0-9a-f]{32}$/)).parse(started.body).data;
    const pending = await call('GET', `/api/get-test-judge-result?testJudgeKey=${key}`, carol);
    expect(pending.body).toEqual({
      status: 200,
      msg: 'success',
      data: {
        status: 5,
        time: null,
        memory: null,
        userInput: null,
        userOutput: null,
        expectedOutput: null,
        stderr: null,
        problemJudgeMode: null,
      },
    });
    expect((await call('GET', `/api/get-test-judge-result?testJudgeKey=${key}`, aliceToken)).body).toMatchObject({
      status: 400,
      msg: '查询错误！当前在线调试任务不存在！',
    });
    expect((await call('POST', '/api/submit-problem-test-judge', carol, body)).body).toMatchObject({
      status: 403,
      msg: '对不起，您使用在线调试过于频繁，请稍后再尝试！',
    });
    expect((await call('GET', '/api/get-submission-list?onlyMine=false&username=carol')).body).toMatchObject({
      data: { total: 0 },
    });
  });
});
