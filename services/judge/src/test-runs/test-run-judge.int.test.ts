import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestRunRequested } from '@oj/events';
import { someJudgeSettings } from '@oj/events/testing';
import { loadJudgeConfig } from '../config';
import { findLanguage } from '../languages/registry';
import { createSandbox } from '../sandbox/create-sandbox';
import type { Sandbox } from '../sandbox/sandbox';
import { createBlobStore } from '@oj/platform';
import { testRunJudge, type TestRunJudge } from './test-run-judge';

const echoSum = 'a, b = map(int, input().split())\nprint(a + b)\n';

function request(overrides: Partial<TestRunRequested> = {}): TestRunRequested {
  return {
    testRunKey: `TEST_JUDGE_${'0'.repeat(32)}`,
    userId: 'u-1',
    problemId: 1,
    language: 'Python3',
    code: echoSum,
    input: '2 3',
    expectedOutput: null,
    judge: someJudgeSettings({ judgeMode: 'spj' }),
    requestedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('testRunJudge (real sandbox)', () => {
  let dataDir: string;
  let sandbox: Sandbox;
  let run: TestRunJudge;
  let workRoot: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'oj-test-run-'));
    await chmod(dataDir, 0o755);
    const config = loadJudgeConfig({ DATA_DIR: dataDir, JUDGE_WORKERS: '1' });
    sandbox = await createSandbox(config);
    workRoot = config.workRoot;
    run = testRunJudge({ sandbox, blobs: createBlobStore(dataDir), findLanguage, workRoot });
  });
  afterAll(async () => {
    await sandbox?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs in plain test mode whatever the judge mode: AC without expected output, with the program’s output', async () => {
    expect(await run(request())).toMatchObject({ status: 'AC', userOutput: '5\n', stderr: '' });
  });

  it('compares with the expected output (end blanks trimmed, no PE) and shows stderr of a crash as RE', async () => {
    expect(await run(request({ expectedOutput: '5   \n\n' }))).toMatchObject({ status: 'AC' });
    expect(await run(request({ expectedOutput: '6' }))).toMatchObject({ status: 'WA', userOutput: '5\n' });
    const crashed = await run(request({ code: 'import sys\nsys.stderr.write("boom")\nraise SystemExit(3)\n' }));
    expect(crashed.status).toBe('RE');
    expect(crashed.stderr).toContain('boom');
  });

  it('F3: refuses a file-IO output name that leaves the box, and reads nothing outside it', async () => {
    // The box is <workRoot>/w-*/box-*: before the fix, "../../secret" read this file as root into userOutput.
    await writeFile(path.join(workRoot, 'secret'), 'SECRET-CANARY');
    const fileIo = { inputFileName: 'in.txt', outputFileName: '../../secret' };
    const result = await run(request({ judge: { ...someJudgeSettings(), fileIo } }));
    expect(result.status).toBe('SE');
    expect(JSON.stringify(result)).not.toContain('SECRET-CANARY');
  });

  it('F3: does not follow a symlink the program left in the box as its output file', async () => {
    await writeFile(path.join(workRoot, 'secret'), 'SECRET-CANARY');
    const code = `import os\nos.symlink(${JSON.stringify(path.join(workRoot, 'secret'))}, 'out.txt')\n`;
    const fileIo = { inputFileName: 'in.txt', outputFileName: 'out.txt' };
    const result = await run(request({ code, judge: { ...someJudgeSettings(), fileIo } }));
    expect(result.status).toBe('AC');
    expect(result.userOutput).toBe('');
  });

  it('F18: cuts a long output on a code-point boundary', async () => {
    const result = await run(request({ code: `print('a' + '😀' * 600)\n` }));
    expect(result.userOutput).toBe(`a${'😀'.repeat(499)}...`);
  });

  it('reports a compile error with the compiler output', async () => {
    const result = await run(
      request({ language: 'C', code: 'int main(void) { return missing; } /* padding to fifty characters */' }),
    );
    expect(result.status).toBe('CE');
    expect(result.stderr).toContain('missing');
  });
});
