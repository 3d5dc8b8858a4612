import type { JudgeSettings } from '@oj/events';
import { someJudgeSettings } from '@oj/events/testing';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore, type BlobStore } from '@oj/platform';
import { loadJudgeConfig } from '../config';
import { findLanguage } from '../languages/registry';
import { createSandbox } from '../sandbox/create-sandbox';
import type { Sandbox, SandboxRunRequest } from '../sandbox/sandbox';
import type { CaseResult } from './judge-request';
import { judgeSubmission, type JudgeSubmissionDeps } from './judge-submission';

/** A+B, except: a = 3 loops forever (TLE), a = 5 aborts (RE), an even a answers a + b + 1 (WA). */
const mixed = `#include <stdio.h>
#include <stdlib.h>
int main(void){long long a,b;scanf("%lld %lld",&a,&b);
if(a==3)for(;;);if(a==5)abort();printf("%lld\\n",a+b+(a%2==0));return 0;}
`;
const aPlusB = '#include <stdio.h>\nint main(void){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);}\n';

let dataDir = '';
let pooled: Sandbox;
let store: BlobStore;
let deps: JudgeSubmissionDeps;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'oj-lane-batches-'));
  await chmod(dataDir, 0o755);
  store = createBlobStore(dataDir);
  const config = loadJudgeConfig({ DATA_DIR: dataDir, JUDGE_WORKERS: '2' });
  pooled = await createSandbox(config);
  deps = {
    sandbox: pooled,
    blobs: store,
    findLanguage,
    workRoot: config.workRoot,
    cacheDir: path.join(dataDir, 'cache'),
  };
});

afterAll(async () => {
  await pooled?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** `count` A+B cases, case i reading "i i" (so every input file, and so every case's run, is told apart). */
async function aPlusBCases(count: number) {
  const testCases: JudgeSettings['testCases'] = [];
  const seqOfInput = new Map<string, number>();
  for (let i = 1; i <= count; i += 1) {
    const [inputSha256, outputSha256] = [await store.put(`${i} ${i}\n`), await store.put(`${2 * i}\n`)];
    seqOfInput.set(await store.fileFor(inputSha256), i);
    testCases.push({
      caseId: i,
      inputName: `${i}.in`,
      outputName: `${i}.out`,
      inputSha256,
      outputSha256,
      score: 5,
      groupNum: 1,
    });
  }
  return { testCases, seqOfInput };
}

type Call = { readonly kind: 'run' | 'batch'; readonly seqs: readonly number[]; readonly afterFailure: boolean };

/**
 * The real sandbox, recording which cases each call carried (by their input files; compiles carry none).
 * `failAt`: a runBatch carrying that case runs the cases before it, then rejects as a lost slot would.
 */
function recording(inner: Sandbox, seqOfInput: ReadonlyMap<string, number>, failAt?: number) {
  const calls: Call[] = [];
  const state = { failed: false };
  const seqOf = (request: SandboxRunRequest) =>
    request.stdin.kind === 'file' ? seqOfInput.get(request.stdin.path) : undefined;
  const seqsOf = (requests: readonly SandboxRunRequest[]) =>
    requests.map(seqOf).filter((seq): seq is number => seq !== undefined);
  const sandbox: Sandbox = {
    name: inner.name,
    slots: inner.slots,
    run: (request) => {
      calls.push({ kind: 'run', seqs: seqsOf([request]), afterFailure: state.failed });
      return inner.run(request);
    },
    runTogether: (requests) => inner.runTogether(requests),
    runBatch: async (requests, onResult) => {
      calls.push({ kind: 'batch', seqs: seqsOf(requests), afterFailure: state.failed });
      const cut = requests.findIndex((request) => failAt !== undefined && seqOf(request) === failAt);
      if (cut < 0) return inner.runBatch(requests, onResult);
      await inner.runBatch(requests.slice(0, cut), onResult);
      state.failed = true;
      throw new Error('The slot was lost');
    },
    leftoverProcesses: () => inner.leftoverProcesses(),
    close: () => inner.close(),
  };
  const caseCalls = () => calls.filter((call) => call.seqs.length > 0);
  return { sandbox, calls, caseCalls };
}

const withoutTimes = (cases: readonly CaseResult[]) => cases.map(({ timeMs: _t, memoryKib: _m, ...rest }) => rest);

describe('lane batches: a lane hands its slot its next cases as one sandbox batch', () => {
  it('judges 20 cases in batches of up to 4, each reported once, the same as one run per case', async () => {
    const { testCases, seqOfInput } = await aPlusBCases(20);
    const settings = someJudgeSettings({ problemType: 'OI', memoryLimitMib: 64, stackLimitMib: 64, testCases });
    const batched = recording(pooled, seqOfInput);
    const reported: CaseResult[] = [];
    const result = await judgeSubmission(
      { language: 'C', code: aPlusB, settings },
      { ...deps, sandbox: batched.sandbox, onCaseJudged: (c) => void reported.push(c) },
    );
    expect(result).toMatchObject({ status: 'AC', score: 100 });
    expect(result.cases.map((c) => c.seq)).toEqual(testCases.map((_, i) => i + 1));
    expect(reported.map((c) => c.seq).sort((a, b) => a - b)).toEqual(result.cases.map((c) => c.seq));
    const calls = batched.caseCalls();
    // A lone case left at the end goes as one run (a batch of one in the pooled sandbox).
    expect(calls.every((call) => call.seqs.length <= 4 && (call.kind === 'batch' || call.seqs.length === 1))).toBe(
      true,
    );
    expect(calls.flatMap((call) => call.seqs).sort((a, b) => a - b)).toEqual(result.cases.map((c) => c.seq));
    expect(calls.filter((call) => call.seqs.length === 4).length).toBeGreaterThanOrEqual(3);

    const single = recording(pooled, seqOfInput);
    const alone = await judgeSubmission(
      { language: 'C', code: aPlusB, settings },
      { ...deps, sandbox: single.sandbox, caseBatch: 1 },
    );
    expect(single.caseCalls().every((call) => call.kind === 'run' && call.seqs.length === 1)).toBe(true);
    expect(withoutTimes(alone.cases)).toEqual(withoutTimes(result.cases));
  });

  it('gives every verdict (AC, WA, TLE, RE) as one run per case does', async () => {
    const { testCases, seqOfInput } = await aPlusBCases(9);
    const settings = someJudgeSettings({
      problemType: 'OI',
      timeLimitMs: 200,
      memoryLimitMib: 64,
      stackLimitMib: 64,
      testCases,
    });
    const batched = recording(pooled, seqOfInput);
    const result = await judgeSubmission(
      { language: 'C', code: mixed, settings },
      { ...deps, sandbox: batched.sandbox },
    );
    const alone = await judgeSubmission({ language: 'C', code: mixed, settings }, { ...deps, caseBatch: 1 });
    expect(result.cases.map((c) => c.status)).toEqual(['AC', 'WA', 'TLE', 'WA', 'RE', 'WA', 'AC', 'WA', 'AC']);
    expect(withoutTimes(result.cases)).toEqual(withoutTimes(alone.cases));
    expect({ ...result, cases: [] }).toEqual({
      ...alone,
      cases: [],
      timeMs: result.timeMs,
      memoryKib: result.memoryKib,
    });
    expect(batched.caseCalls().some((call) => call.kind === 'batch' && call.seqs.length > 1)).toBe(true);
  });

  it('answers CE for a Python source that does not compile, whose cases ran in batches, reporting none', async () => {
    const { testCases, seqOfInput } = await aPlusBCases(8);
    const settings = someJudgeSettings({ memoryLimitMib: 64, stackLimitMib: 64, testCases });
    const batched = recording(pooled, seqOfInput);
    const reported: unknown[] = [];
    const result = await judgeSubmission(
      { language: 'Python3', code: 'a = (\n', settings },
      { ...deps, sandbox: batched.sandbox, onCaseJudged: (c) => void reported.push(c) },
    );
    expect(result).toMatchObject({ status: 'CE', cases: [] });
    expect(result.errorMessage).toMatch(/SyntaxError/);
    expect(reported).toEqual([]);
    expect(batched.caseCalls().some((call) => call.kind === 'batch' && call.seqs.length > 1)).toBe(true);
  });

  it('runs one case at a time under ergodic_without_error, stopping where HOJ stops', async () => {
    const { testCases, seqOfInput } = await aPlusBCases(6);
    const settings = someJudgeSettings({
      judgeCaseMode: 'ergodic_without_error',
      memoryLimitMib: 64,
      stackLimitMib: 64,
      testCases,
    });
    const single = recording(pooled, seqOfInput);
    const result = await judgeSubmission(
      { language: 'C', code: mixed, settings },
      { ...deps, sandbox: single.sandbox },
    );
    expect(result.status).toBe('WA');
    expect(single.caseCalls()).toEqual([
      { kind: 'run', seqs: [1], afterFailure: false },
      { kind: 'run', seqs: [2], afterFailure: false },
    ]);
  });

  it('fails the attempt on a lane system error, and no lane takes a new case after it', async () => {
    const { testCases, seqOfInput } = await aPlusBCases(24);
    const settings = someJudgeSettings({ memoryLimitMib: 64, stackLimitMib: 64, testCases });
    const failing = recording(pooled, seqOfInput, 6);
    const reported: number[] = [];
    await expect(
      judgeSubmission(
        { language: 'C', code: aPlusB, settings },
        { ...deps, sandbox: failing.sandbox, onCaseJudged: (c) => void reported.push(c.seq) },
      ),
    ).rejects.toThrow('The slot was lost');
    const calls = failing.caseCalls();
    expect(calls.filter((call) => call.afterFailure)).toEqual([]);
    expect(calls.flatMap((call) => call.seqs).length).toBeLessThan(24);
    expect(reported).toContain(5);
    expect(reported).not.toContain(6);
    expect(await pooled.leftoverProcesses()).toEqual([]);
  });

  it('takes no new case once the attempt is aborted', async () => {
    const { testCases, seqOfInput } = await aPlusBCases(24);
    const settings = someJudgeSettings({ memoryLimitMib: 64, stackLimitMib: 64, testCases });
    const watched = recording(pooled, seqOfInput);
    const controller = new AbortController();
    let callsAtAbort = -1;
    await expect(
      judgeSubmission(
        { language: 'C', code: aPlusB, settings },
        {
          ...deps,
          sandbox: watched.sandbox,
          signal: controller.signal,
          onCaseJudged: () => {
            if (controller.signal.aborted) return;
            callsAtAbort = watched.caseCalls().length;
            controller.abort(new Error('The attempt was cancelled'));
          },
        },
      ),
    ).rejects.toThrow('The attempt was cancelled');
    // Aborted during the lanes' first batches (cases 1-4 and 5-8): no lane took another.
    expect(callsAtAbort).toBeGreaterThan(0);
    expect(Math.max(...watched.caseCalls().flatMap((call) => call.seqs))).toBeLessThanOrEqual(8);
  });
});

describe('lane batches on the per-run bubblewrap backend (runBatch one by one)', () => {
  let perRun: Sandbox | undefined;
  afterAll(async () => {
    await perRun?.close();
  });

  it('judges a batched submission as the pooled backend does', async () => {
    const config = loadJudgeConfig({ DATA_DIR: dataDir, JUDGE_WORKERS: '2', JUDGE_SANDBOX_POOLED: 'false' });
    perRun = await createSandbox(config);
    expect(perRun.name).not.toBe(pooled.name);
    const { testCases, seqOfInput } = await aPlusBCases(6);
    const settings = someJudgeSettings({ memoryLimitMib: 64, stackLimitMib: 64, testCases });
    const batched = recording(perRun, seqOfInput);
    const result = await judgeSubmission(
      { language: 'C', code: mixed, settings },
      { ...deps, sandbox: batched.sandbox },
    );
    expect(result.cases.map((c) => c.status)).toEqual(['AC', 'WA', 'TLE', 'WA', 'RE', 'WA']);
    expect(batched.caseCalls().some((call) => call.kind === 'batch' && call.seqs.length > 1)).toBe(true);
  });
});
