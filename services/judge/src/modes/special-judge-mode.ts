import path from 'node:path';
import { interpretCheckerExit } from '../checkers/checker-exit';
import { classifyRun } from '../verdicts/run-outcome';
import type { JudgeModeDefinition } from './judge-mode';
import { checkerLimits, judgeProgramInvocation, judgeProgramStderrBytes } from './judge-program-run';
import { minimumOutputCapBytes, runUserProgram } from './user-run';

const utf8 = new TextDecoder('utf-8');

/**
 * judgeMode "spj": run the user program to a file, then the checker as `checker input output answer`, and
 * read its exit code and testlib message (judging.md §5.2). A run that already failed skips the checker.
 */
export const specialJudgeMode: JudgeModeDefinition = {
  name: 'spj',
  judgeProgramRole: 'checker',
  createCaseJudge: (setup) => async (context) => {
    const checker = setup.judgeProgram;
    if (!checker) throw new Error('The special judge mode needs a compiled checker');
    const stdoutFile = path.join(context.caseDir, 'user-output');
    const { run, outputFile } = await runUserProgram(setup, context, {
      outputCapBytes: minimumOutputCapBytes,
      stdoutFile,
    });
    const measured = { timeMs: run.cpuTimeMs, memoryKib: run.peakMemoryKib };
    const outcome = classifyRun(run, setup.program.limits);
    if (outcome.kind === 'failed') {
      return { ...measured, verdict: outcome.verdict, percentage: null, message: outcome.message };
    }
    const invocation = judgeProgramInvocation(checker, context, outputFile ?? stdoutFile, false);
    const checked = await setup.sandbox.run({
      ...invocation,
      boxDir: checker.boxDir,
      writableBox: false,
      limits: checkerLimits,
      stdin: { kind: 'ignore' },
      stdout: { kind: 'capture' },
      stderr: { kind: 'capture' },
      stderrCaptureBytes: judgeProgramStderrBytes,
    });
    const verdict = interpretCheckerExit({
      exitCode: checked.exitCode,
      signal: checked.signal,
      limitHit: checked.limitHit,
      stdout: utf8.decode(checked.stdout ?? new Uint8Array()),
      stderr: utf8.decode(checked.stderr ?? new Uint8Array()),
    });
    return { ...measured, ...verdict };
  },
};
