import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadJudgeConfig } from '../config';
import { createSandbox } from '../sandbox/create-sandbox';
import type { Sandbox } from '../sandbox/sandbox';
import { compileProgram } from './compile-program';
import { c } from './records/c';
import { python3 } from './records/python3';
import { runPair } from './run-pair';
import { runProgram } from './run-program';
import { createWorkDir, removeWorkDir } from './work-dir';

const config = loadJudgeConfig();
const limits = { timeLimitMs: 2000, memoryLimitKib: 256 * 1024 };
const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? new Uint8Array()).toString();

const touch100Mb = `#include <stdlib.h>
int main(void) { size_t n = 100u << 20; char *p = malloc(n); for (size_t i = 0; i < n; i += 4096) p[i] = 1; return p[n - 1]; }
`;
const fileIo = `#include <stdio.h>
int main(void) { long a, b; FILE *in = fopen("data.in", "r"), *out = fopen("data.out", "w");
  fscanf(in, "%ld %ld", &a, &b); fprintf(out, "%ld\\n", a + b); return 0; }
`;
/** Guesses a number in [1, 1000] by bisection against the interactor. */
const guesser = `#include <stdio.h>
int main(void) { int lo = 1, hi = 1000; char reply[8];
  for (;;) { int mid = (lo + hi) / 2; printf("%d\\n", mid); fflush(stdout);
    if (scanf("%7s", reply) != 1) return 1;
    if (reply[0] == '=') return 0; if (reply[0] == '<') hi = mid - 1; else lo = mid + 1; } }
`;
const interactor = `import sys
secret, guesses = 737, 0
for line in sys.stdin:
    guesses += 1
    guess = int(line)
    print("=" if guess == secret else "<" if secret < guess else ">", flush=True)
    if guess == secret:
        break
print(f"found in {guesses}", file=sys.stderr)
`;

describe('compileProgram and runProgram', () => {
  let sandbox: Sandbox;
  let workDir: string;
  beforeAll(async () => {
    sandbox = await createSandbox({ ...config, sandboxSlots: 2 });
    workDir = await createWorkDir(config.workRoot);
  });
  afterAll(async () => {
    await sandbox.close();
    await removeWorkDir(workDir);
  });

  it('reports a compile error with the compiler output', async () => {
    const compiled = await compileProgram(sandbox, c, 'int main(void) { return undefined_name; }', workDir);
    expect(compiled.ok).toBe(false);
    expect(compiled.compilerOutput).toContain('undefined_name');
  });

  it('reads stdin from a file, writes stdout to a file and measures peak memory', async () => {
    const compiled = await compileProgram(sandbox, c, touch100Mb, workDir);
    expect(compiled.ok, compiled.compilerOutput).toBe(true);
    const output = join(workDir, 'out.txt');
    await writeFile(join(workDir, 'in.txt'), '');
    const { result, limits: used } = await runProgram(sandbox, c, compiled.artifactsDir, {
      limits,
      stdin: { kind: 'file', path: join(workDir, 'in.txt') },
      stdout: { kind: 'file', path: output },
    });
    expect(result).toMatchObject({ exitCode: 0, limitHit: null });
    expect(result.peakMemoryKib).toBeGreaterThan(100 * 1024);
    expect(result.peakMemoryKib).toBeLessThan(110 * 1024);
    expect(used.timeLimitMs).toBe(2000);
    expect(await readFile(output, 'utf8')).toBe('');
  });

  it('gives file-IO programs their input file and collects the file they write', async () => {
    const compiled = await compileProgram(sandbox, c, fileIo, workDir);
    const input = join(workDir, 'case1.in');
    await writeFile(input, '20 22\n');
    const run = await runProgram(sandbox, c, compiled.artifactsDir, {
      limits,
      stdin: { kind: 'ignore' },
      stdout: { kind: 'capture' },
      files: [{ hostPath: input, name: 'data.in' }],
      collectFiles: ['data.out', 'never-written.out'],
    });
    expect(run.result.exitCode).toBe(0);
    expect(text(run.collected['data.out'])).toBe('42\n');
    expect(run.collected['never-written.out']).toBeUndefined();
  });

  it('wires two programs together with runPair (interactive judging)', async () => {
    const user = await compileProgram(sandbox, c, guesser, workDir);
    const judge = await compileProgram(sandbox, python3, interactor, workDir);
    expect(user.ok && judge.ok).toBe(true);
    const [userRun, interactorRun] = await runPair(
      sandbox,
      { language: c, artifactsDir: user.artifactsDir, options: { limits } },
      { language: python3, artifactsDir: judge.artifactsDir, options: { limits } },
    );
    expect(userRun.result).toMatchObject({ exitCode: 0, limitHit: null });
    expect(interactorRun.result).toMatchObject({ exitCode: 0, limitHit: null });
    expect(text(interactorRun.result.stderr)).toMatch(/^found in \d+\n$/);
    expect(await sandbox.leftoverProcesses()).toEqual([]);
  });
});
