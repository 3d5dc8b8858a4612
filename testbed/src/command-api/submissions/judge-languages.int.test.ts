import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createBlobStore, offeredLanguages } from '@oj/platform';
import { startApiHarness, type ApiHarness } from '../api-harness';
import { judgeDataDir, startJudgeProcess, type JudgeProcess } from '../judge-process';
import { logInAsRoot } from '../root-session';
import { aPlusBBody } from '../problem-api';

const natsUrl = inject('natsUrl');
/** What this judge is set to offer (JUDGE_LANGUAGES): two quick self-tests instead of the whole catalogue's. */
const judgeLanguages = ['C', 'Python3'];
const aPlusBInC = '#include <stdio.h>\nint main(void) { int a, b; scanf("%d %d", &a, &b); printf("%d\\n", a + b); }\n';

interface LanguageRow {
  readonly name: string;
}
interface JudgeServerRow {
  readonly judgeServerName: string;
  readonly languages: readonly string[];
  readonly verifying: readonly string[];
  readonly cpuCores: number;
  readonly percentCpuLoad: string;
  readonly percentMemoryLoad: string;
  readonly maxTaskNum: number;
  readonly service: { readonly host: string; readonly instanceId: string };
}

describe.skipIf(!natsUrl)('languages a live judge verified (issue 11 item 4) and the dashboard service info', () => {
  let harness: ApiHarness;
  let dataDir: string;
  let judge: JudgeProcess | undefined;
  let root: string;
  /** A problem open to C, Java and Python3 (its DB id). */
  let pid: number;
  const suffix = randomUUID().slice(0, 8);
  const reportSubject = `judge.report.${suffix}`;
  const judgeName = `judge-languages-${suffix}`;

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    harness.app.inject({ method, url, headers: { authorization: root }, ...(payload ? { payload } : {}) });
  const languageNames = async () =>
    ((await call('GET', '/api/languages')).json().data as LanguageRow[]).map((row) => row.name);
  const problemLanguageNames = async () =>
    ((await call('GET', `/api/get-problem-languages?pid=${pid}`)).json().data as LanguageRow[]).map((row) => row.name);
  const judgeServers = async () =>
    (await call('POST', '/api/admin/config/get-judge-service-info')).json().data as JudgeServerRow[];
  const submit = (language: string, code: string) =>
    call('POST', '/api/submit-problem-judge', { pid: 'no-such-problem', language, code });

  /** Resolves once the judge process logs that every self-test it was given has run. */
  async function startJudge(): Promise<void> {
    judge = startJudgeProcess({
      inherited: process.env,
      dataDir,
      databaseUrl: harness.databaseUrl,
      natsUrl,
      suffix,
      settings: {
        JUDGE_REPORT_SUBJECT: reportSubject,
        JUDGE_WORKER_NAME: judgeName,
        JUDGE_LANGUAGES: judgeLanguages.join(','),
      },
      readyLine: 'language self-tests finished',
    });
    await judge.ready;
  }

  const stopJudge = async () => judge?.stop();

  beforeAll(async () => {
    dataDir = await judgeDataDir('judge-languages-');
    harness = await startApiHarness(inject('databaseUrl'), {
      command: { natsUrl, judgeReportSubject: reportSubject, blobs: createBlobStore(dataDir) },
      query: { natsUrl, judgeReportSubject: reportSubject },
    });
    root = await logInAsRoot(harness);
    const problem = aPlusBBody({
      languages: [
        { id: 7, name: 'C' },
        { id: 10, name: 'Java' },
        { id: 9, name: 'Python3' },
      ],
      codeTemplates: [],
    });
    pid = (await call('POST', '/api/admin/problem', problem)).json().data.pid;
  });

  afterAll(async () => {
    await stopJudge();
    await harness?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('lists every language and accepts any while no judge has reported (submissions wait in the queue)', async () => {
    expect(await languageNames()).toEqual(offeredLanguages.map((language) => language.name));
    expect(await problemLanguageNames()).toEqual(['C', 'Python3', 'Java']);
    expect(await judgeServers()).toEqual([]);
    // Past the language check: the unknown problem is what stops it.
    expect((await submit('Java', aPlusBInC)).json().msg).not.toContain('语言错误');
  });

  it("answers get-service-info in HOJ's shape: cores, load and memory as xx.xx%, this API as the service", async () => {
    const reply = await call('GET', '/api/admin/config/get-service-info');
    expect(reply.statusCode).toBe(200);
    const info = reply.json().data;
    expect(info.backupCores).toBeGreaterThanOrEqual(1);
    expect(info.backupPercentCpuLoad).toMatch(/^\d{1,3}\.\d{2}%$/);
    expect(info.backupPercentMemoryLoad).toMatch(/^\d{1,3}\.\d{2}%$/);
    expect(info.backupService).toEqual([expect.objectContaining({ serviceId: 'oj-api', secure: false })]);
    expect(info.nacos).toMatchObject({ status: expect.stringMatching(/^(UP|DOWN)$/), instanceCount: 1 });
  });

  it('offers only what a live judge verified, refuses other languages, and lists the judge for the dashboard', async () => {
    await startJudge();
    // The report that follows the last self-test may reach the API just after the log line.
    await vi.waitFor(async () => expect((await judgeServers())[0]?.verifying).toEqual([]), { timeout: 10_000 });
    const [server] = await judgeServers();
    expect(server).toMatchObject({
      judgeServerName: judgeName,
      languages: judgeLanguages,
      maxTaskNum: 1,
      service: { instanceId: judgeName },
    });
    expect(server?.cpuCores).toBeGreaterThanOrEqual(1);
    expect(server?.percentCpuLoad).toMatch(/^\d{1,3}\.\d{2}%$/);
    expect(await languageNames()).toEqual(judgeLanguages);
    expect(await problemLanguageNames()).toEqual(['C', 'Python3']);

    const refused = await submit('Java', aPlusBInC);
    expect(refused.json()).toEqual({
      status: 400,
      msg: '提交的代码的语言错误！请使用[C, Python3]中之一的语言！',
      data: null,
    });
    expect((await submit('C', aPlusBInC)).json().msg).not.toContain('语言错误');
  }, 120_000);

  it('forgets a judge that stopped: every language is listed again', async () => {
    await stopJudge();
    await vi.waitFor(async () => expect(await judgeServers()).toEqual([]), { timeout: 10_000 });
    expect(await languageNames()).toEqual(offeredLanguages.map((language) => language.name));
  });
});
