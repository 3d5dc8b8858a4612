import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import {
  compileCheckerReplySchema,
  siteStream,
  type CompileCheckerRequest,
  type JudgeSettings,
  type RecordedEvent,
  type SubmissionJudged,
} from '@oj/events';
import { someJudgeSettings } from '@oj/events/testing';
import { createBlobStore, type BlobStore } from '@oj/platform';
import { goldenProblemsDir, storeGoldenTestCases } from './testing/golden-test-cases';
import { repositoryRoot, spawnJudgeProcess } from './testing/judge-process-spawn';
import { createJudgeQueueTestbed, type JudgeQueueTestbed } from '../queue/testing/judge-queue-testbed';
import { testlibAPlusBChecker, testlibStandIn } from './testing/testlib-stand-in';

const natsUrl = inject('natsUrl');
const aPlusB = 'a, b = map(int, input().split())\nprint(a + b)\n';
const aPlusBOffByOne = 'a, b = map(int, input().split())\nprint(a + b + 1)\n';

const finalVerdict = (events: readonly RecordedEvent[]) =>
  events.find((event) => event.type === 'SubmissionJudged' || event.type === 'SubmissionJudgingFailed');

/**
 * One judge process started exactly as scripts/stack/worker-processes.ts starts each of its JUDGE_WORKERS
 * processes (JUDGE_WORKERS=1): interactive problems, site-wide checker includes and the compile call.
 */
describe.skipIf(!natsUrl)('a judge process as the stack starts it', () => {
  let bed: JudgeQueueTestbed;
  let dataDir: string;
  let blobs: BlobStore;
  let worker: ChildProcess;
  const compileSubject = `judge.compile-checker.${randomUUID().slice(0, 8)}`;

  /** Submits, and resolves with the final event; fails at once if the worker process dies. */
  async function judged(language: string, code: string, judge: JudgeSettings): Promise<SubmissionJudged> {
    const submission = await bed.submit({ language, code, judge });
    const died = new Promise<never>((_, reject) =>
      worker.once('exit', (code, signal) => reject(new Error(`judge process exited: ${code} ${signal}`))),
    );
    const events = await Promise.race([
      bed.waitForStream(submission.submissionId, (stream) => finalVerdict(stream) !== undefined, 120_000),
      died,
    ]);
    const final = finalVerdict(events);
    expect(final?.type, JSON.stringify(final?.data)).toBe('SubmissionJudged');
    return final?.data as SubmissionJudged;
  }

  async function compile(request: CompileCheckerRequest) {
    const reply = await bed.nats.request(compileSubject, JSON.stringify(request), { timeout: 90_000 });
    return compileCheckerReplySchema.parse(reply.json());
  }

  async function spjSettings(): Promise<JudgeSettings> {
    return someJudgeSettings({
      judgeMode: 'spj',
      testCases: await storeGoldenTestCases(blobs, 'a-plus-b'),
      judgeProgram: { language: 'C++', sourceSha256: await blobs.put(testlibAPlusBChecker) },
    });
  }

  beforeAll(async () => {
    bed = await createJudgeQueueTestbed(inject('databaseUrl'), natsUrl);
    const tmp = path.join(repositoryRoot, '.tmp');
    await mkdir(tmp, { recursive: true });
    dataDir = await mkdtemp(path.join(tmp, 'judge-checkers-'));
    await chmod(dataDir, 0o755);
    blobs = createBlobStore(dataDir);
    worker = spawnJudgeProcess({
      bed,
      natsUrl,
      dataDir,
      inherited: process.env,
      settings: {
        JUDGE_COMPILE_SUBJECT: compileSubject,
        JUDGE_WORKER_NAME: 'judge-1',
      },
    });
  });

  afterAll(async () => {
    if (worker && worker.exitCode === null && worker.signalCode === null) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    await bed?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('judges the interactive golden problem to AC with one task per process', async () => {
    const dir = path.join(goldenProblemsDir, 'guess-number');
    const judge = someJudgeSettings({
      judgeMode: 'interactive',
      testCases: await storeGoldenTestCases(blobs, 'guess-number'),
      judgeProgram: {
        language: 'C++',
        sourceSha256: await blobs.put(await readFile(path.join(dir, 'interactor.cpp'))),
      },
    });
    const verdict = await judged('C++', await readFile(path.join(dir, 'submissions/ac.cpp'), 'utf8'), judge);
    expect(verdict, verdict.errorMessage ?? '').toMatchObject({ status: 'AC', judger: 'judge-1' });
  }, 150_000);

  it('ends a testlib checker as SE naming the missing header while no site-wide include is uploaded', async () => {
    const verdict = await judged('Python3', aPlusB, await spjSettings());
    expect(verdict.status).toBe('SE');
    expect(verdict.errorMessage).toMatch(/checker failed to compile[\s\S]*testlib\.h/);
  }, 150_000);

  it('answers the compile call with the compiler message while the include is missing', async () => {
    const reply = await compile({ role: 'checker', language: 'C++', code: testlibAPlusBChecker, extraFiles: {} });
    expect(reply.ok).toBe(false);
    expect(reply.ok ? '' : reply.message).toContain('testlib.h');
  }, 120_000);

  it('judges with the site-wide testlib.h once it is uploaded', async () => {
    const sha256 = await blobs.put(testlibStandIn);
    await bed.store.append(siteStream, [
      {
        id: randomUUID(),
        type: 'CheckerIncludeUploaded',
        data: {
          name: 'testlib.h',
          sha256,
          sizeBytes: Buffer.byteLength(testlibStandIn),
          uploadedBy: 'root',
          uploadedAt: new Date().toISOString(),
        },
      },
    ]);
    const settings = await spjSettings();
    expect(await judged('Python3', aPlusB, settings)).toMatchObject({ status: 'AC' });
    const wrong = await judged('Python3', aPlusBOffByOne, settings);
    expect(wrong.status).toBe('WA');
  }, 150_000);

  it('compiles through the compile call with the include, and reports a syntax error with the compiler text', async () => {
    expect(await compile({ role: 'checker', language: 'C++', code: testlibAPlusBChecker, extraFiles: {} })).toEqual({
      ok: true,
    });
    const broken = await compile({
      role: 'interactor',
      language: 'C',
      code: '#include "rules.h"\nint main(void) { return RULE }\n',
      extraFiles: { 'rules.h': '#define RULE 0\n' },
    });
    expect(broken.ok).toBe(false);
    expect(broken.ok ? '' : broken.message).toMatch(/error/);
    const fixed = await compile({
      role: 'interactor',
      language: 'C',
      code: '#include "rules.h"\nint main(void) { return RULE; }\n',
      extraFiles: { 'rules.h': '#define RULE 0\n' },
    });
    expect(fixed).toEqual({ ok: true });
  }, 120_000);
});
