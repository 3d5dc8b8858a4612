import type { JudgeSettings } from '@oj/events';
import { someJudgeSettings } from '@oj/events/testing';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadJudgeConfig } from '../config';
import { findLanguage } from '../languages/registry';
import { createSandbox } from '../sandbox/create-sandbox';
import type { Sandbox } from '../sandbox/sandbox';
import { createBlobStore, type BlobStore } from '@oj/platform';
import { storeAPlusBCase } from '../worker/testing/golden-test-cases';
import { judgeSubmission, type JudgeSubmissionDeps } from './judge-submission';

const aPlusB =
  '#include <stdio.h>\nint main(void){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);return 0;}\n';

let dataDir = '';
let sandbox: Sandbox;
let store: BlobStore;
let deps: JudgeSubmissionDeps;

async function settingsWith(overrides: Partial<JudgeSettings>): Promise<JudgeSettings> {
  return someJudgeSettings({
    memoryLimitMib: 64,
    stackLimitMib: 64,
    testCases: [await storeAPlusBCase(store)],
    ...overrides,
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'oj-judge-submission-'));
  await chmod(dataDir, 0o755);
  store = createBlobStore(dataDir);
  const config = loadJudgeConfig({ DATA_DIR: dataDir, JUDGE_WORKERS: '2' });
  sandbox = await createSandbox(config);
  deps = { sandbox, blobs: store, findLanguage, workRoot: config.workRoot, cacheDir: path.join(dataDir, 'cache') };
});

afterAll(async () => {
  await sandbox?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The real sandbox, counting the runs whose argv names py_compile (the deferred compile check). */
function countingCompiles(inner: Sandbox) {
  const counted = { compiles: 0 };
  const isCompile = (argv: readonly string[]) => argv.includes('py_compile');
  const sandbox: Sandbox = {
    ...inner,
    name: inner.name,
    slots: inner.slots,
    run: (request) => {
      if (isCompile(request.argv)) counted.compiles += 1;
      return inner.run(request);
    },
    runTogether: (requests) => inner.runTogether(requests),
    leftoverProcesses: () => inner.leftoverProcesses(),
    close: () => inner.close(),
  };
  return { sandbox, counted };
}

async function twoCases(): Promise<Partial<JudgeSettings>> {
  const [input, output] = [await store.put('1 2\n'), await store.put('3\n')];
  const testCase = { inputName: '1.in', outputName: '1.out', inputSha256: input, outputSha256: output, score: 0 };
  return {
    testCases: [
      { ...testCase, caseId: 1, groupNum: 1 },
      { ...testCase, caseId: 2, groupNum: 1, inputName: '2.in', outputName: '2.out' },
    ],
  };
}

describe('judgeSubmission: a Python source is compiled only when a case is not AC', () => {
  it('judges an accepted Python3 submission without running py_compile', async () => {
    const { sandbox: counting, counted } = countingCompiles(sandbox);
    const code = 'a, b = map(int, input().split())\nprint(a + b)\n';
    const result = await judgeSubmission(
      { language: 'Python3', code, settings: await settingsWith(await twoCases()) },
      { ...deps, sandbox: counting },
    );
    expect(result.status).toBe('AC');
    expect(result.cases).toHaveLength(2);
    expect(counted.compiles).toBe(0);
  });

  it("answers CE with py_compile's message and reports no case, whichever lanes ran", async () => {
    const { sandbox: counting, counted } = countingCompiles(sandbox);
    const reported: unknown[] = [];
    const result = await judgeSubmission(
      { language: 'Python3', code: 'a = (\n', settings: await settingsWith(await twoCases()) },
      { ...deps, sandbox: counting, onCaseJudged: (c) => void reported.push(c) },
    );
    expect(result).toMatchObject({ status: 'CE', cases: [], score: null });
    expect(result.errorMessage).toMatch(/SyntaxError/);
    expect(reported).toEqual([]);
    expect(counted.compiles).toBe(1);
  });

  it('keeps a runtime error RE once the check finds the source compiles', async () => {
    const { sandbox: counting, counted } = countingCompiles(sandbox);
    const result = await judgeSubmission(
      { language: 'Python3', code: 'raise SystemExit(3)\n', settings: await settingsWith({}) },
      { ...deps, sandbox: counting },
    );
    expect(result.status).toBe('RE');
    expect(result.cases).toEqual([expect.objectContaining({ status: 'RE' })]);
    expect(counted.compiles).toBe(1);
  });

  it('answers CE before the checker that fails to compile (SE), as the eager compile did', async () => {
    const settings = await settingsWith({
      judgeMode: 'spj',
      judgeProgram: { language: 'C++', sourceSha256: await store.put('int main() { return nope; }\n') },
    });
    const result = await judgeSubmission({ language: 'Python3', code: 'a = (\n', settings }, deps);
    expect(result.status).toBe('CE');
  });
});

describe('judgeSubmission', () => {
  it('answers SE, without judging, for a language this judge does not offer', async () => {
    const result = await judgeSubmission(
      { language: 'Python2', code: 'print 3', settings: await settingsWith({}) },
      deps,
    );
    expect(result).toMatchObject({ status: 'SE', score: null, timeMs: 0, memoryKib: 0, cases: [] });
  });

  it('answers SE when the test data is missing from the blob store', async () => {
    const settings = await settingsWith({});
    const missing = settings.testCases.map((c) => ({ ...c, outputSha256: 'f'.repeat(64) }));
    const result = await judgeSubmission(
      { language: 'C', code: aPlusB, settings: { ...settings, testCases: missing } },
      deps,
    );
    expect(result).toMatchObject({ status: 'SE', errorMessage: expect.stringContaining('test data') });
  });

  it('answers SE with the compiler output when the checker does not compile', async () => {
    const settings = await settingsWith({
      judgeMode: 'spj',
      judgeProgram: { language: 'C++', sourceSha256: await store.put('int main() { return nope; }\n') },
    });
    const result = await judgeSubmission({ language: 'C', code: aPlusB, settings }, deps);
    expect(result.status).toBe('SE');
    expect(result.errorMessage).toMatch(/checker failed to compile[\s\S]*nope/);
  });

  it('reports each OI case with its score and the capped time and memory maxima', async () => {
    const settings = await settingsWith({ problemType: 'OI' });
    const reported: unknown[] = [];
    const result = await judgeSubmission(
      { language: 'C', code: aPlusB, settings },
      { ...deps, onCaseJudged: (c) => void reported.push(c) },
    );
    expect(result).toMatchObject({ status: 'AC', score: 100, oiRankScore: 10, errorMessage: null });
    expect(result.cases).toEqual([expect.objectContaining({ seq: 1, caseId: 1, status: 'AC', score: 0, groupNum: 1 })]);
    expect(reported).toEqual(result.cases);
    expect(result.timeMs).toBeLessThanOrEqual(1000);
    expect(result.memoryKib).toBe(result.cases[0]?.memoryKib);
  });
});
