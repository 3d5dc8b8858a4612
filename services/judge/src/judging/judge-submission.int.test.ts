import type { JudgeSettings } from '@oj/events';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadJudgeConfig } from '../config';
import { findLanguage } from '../languages/registry';
import { createSandbox } from '../sandbox/create-sandbox';
import type { Sandbox } from '../sandbox/sandbox';
import { createBlobStore, type BlobStore } from '@oj/platform';
import { judgeSubmission, type JudgeSubmissionDeps } from './judge-submission';

const aPlusB =
  '#include <stdio.h>\nint main(void){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);return 0;}\n';

let dataDir = '';
let sandbox: Sandbox;
let store: BlobStore;
let deps: JudgeSubmissionDeps;

async function settingsWith(overrides: Partial<JudgeSettings>): Promise<JudgeSettings> {
  return {
    problemType: 'ACM',
    judgeMode: 'default',
    judgeCaseMode: 'default',
    timeLimitMs: 1000,
    memoryLimitMib: 64,
    stackLimitMib: 64,
    isRemoveEndBlank: true,
    ioScore: 100,
    difficulty: 0,
    testDataVersion: '1',
    testCases: [
      {
        caseId: 1,
        inputName: '1.in',
        outputName: '1.out',
        inputSha256: await store.put('1 2\n'),
        outputSha256: await store.put('3\n'),
        score: 0,
        groupNum: 1,
      },
    ],
    judgeProgram: null,
    fileIo: null,
    userExtraFiles: {},
    judgeExtraFiles: {},
    ...overrides,
  };
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
