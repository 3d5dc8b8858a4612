import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { interpretCheckerExit } from '../checkers/checker-exit';
import { runProgram } from '../languages/run-program';
import { classifyRun } from '../verdicts/run-outcome';
import type { JudgeModeDefinition } from './judge-mode';
import {
  checkerLimits,
  judgeProgramFiles,
  judgeProgramProblemLimits,
  judgeProgramStderrBytes,
} from './judge-program-run';
import { runUserProgram } from './user-run';

const utf8 = new TextDecoder('utf-8');

/**
 * judgeMode "spj": run the user program to a file, then the checker as `checker input output answer`, and
 * read its exit code and testlib message (judging.md §5.2). A run that already failed skips the checker.
 */
export const specialJudgeMode: JudgeModeDefinition = {
  name: 'spj',
  judgeProgramRole: 'checker',
  slotsPerCase: 1,
  createCaseJudge: (setup) => async (context) => {
    const checker = setup.judgeProgram;
    if (!checker) throw new Error('The special judge mode needs a compiled checker');
    const userOutputFile = path.join(await context.makeCaseDir(), 'user-output');
    const { run, output } = await runUserProgram(setup, context, { kind: 'file', path: userOutputFile }, 0);
    // File IO hands the output back as bytes; the checker reads a file either way.
    if (output) await writeFile(userOutputFile, output);
    const measured = { timeMs: run.cpuTimeMs, memoryKib: run.peakMemoryKib };
    const outcome = classifyRun(run, setup.program.limits);
    if (outcome.kind === 'failed') {
      return { ...measured, verdict: outcome.verdict, percentage: null, message: outcome.message };
    }
    const { result } = await runProgram(setup.sandbox, checker.language, checker.artifactsDir, {
      ...judgeProgramFiles(context, userOutputFile),
      limits: judgeProgramProblemLimits,
      sandboxLimits: checkerLimits,
      stdin: { kind: 'ignore' },
      stdout: { kind: 'capture' },
      stderr: { kind: 'capture' },
      stderrCaptureBytes: judgeProgramStderrBytes,
    });
    const verdict = interpretCheckerExit({
      exitCode: result.exitCode,
      signal: result.signal,
      limitHit: result.limitHit,
      stdout: utf8.decode(result.stdout ?? new Uint8Array()),
      stderr: utf8.decode(result.stderr ?? new Uint8Array()),
    });
    return { ...measured, ...verdict };
  },
};
