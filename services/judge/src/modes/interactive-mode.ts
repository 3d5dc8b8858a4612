import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { interpretCheckerExit } from '../checkers/checker-exit';
import { createSandboxPipe } from '../sandbox/sandbox-pipe';
import type { SandboxLimits, SandboxRunResult } from '../sandbox/sandbox';
import { classifyRun, exitMessage } from '../verdicts/run-outcome';
import type { CaseVerdict, JudgeModeDefinition, UserProgram } from './judge-mode';
import { judgeProgramInvocation, judgeProgramStderrBytes } from './judge-program-run';
import { minimumOutputCapBytes } from './user-run';

const utf8 = new TextDecoder('utf-8');

/** The interactor gets twice the user's CPU and memory ceiling and six times its CPU ceiling as wall (§5.3). */
function interactorLimits(program: UserProgram): SandboxLimits {
  const ceiling = program.sandboxLimits;
  return {
    ...ceiling,
    cpuTimeMs: 2 * ceiling.cpuTimeMs,
    wallTimeMs: 6 * ceiling.cpuTimeMs,
    memoryKib: 2 * ceiling.memoryKib,
    stackKib: 128 * 1024,
    processes: 16,
    outputBytes: minimumOutputCapBytes,
  };
}

/**
 * judgeMode "interactive": the user program and the interactor run at once, each one's stdout piped into the
 * other's stdin; the interactor is called like a testlib interactor (`input output answer`) and its exit is
 * read like a checker's (judging.md §5.3). The two runs take two sandbox slots at the same time.
 */
export const interactiveMode: JudgeModeDefinition = {
  name: 'interactive',
  judgeProgramRole: 'interactor',
  createCaseJudge: (setup) => async (context) => {
    const interactor = setup.judgeProgram;
    if (!interactor) throw new Error('The interactive mode needs a compiled interactor');
    const toUser = createSandboxPipe();
    const toInteractor = createSandboxPipe();
    const interactorOutput = path.join(context.caseDir, 'interactor-output');
    await writeFile(interactorOutput, '');
    await chmod(interactorOutput, 0o666);
    const invocation = judgeProgramInvocation(interactor, context, interactorOutput, true);
    const [userRun, interactorRun] = await Promise.all([
      setup.sandbox.run({
        argv: setup.program.argv,
        boxDir: setup.program.boxDir,
        writableBox: false,
        limits: { ...setup.program.sandboxLimits, outputBytes: minimumOutputCapBytes },
        ...(setup.program.env ? { env: setup.program.env } : {}),
        stdin: { kind: 'pipe', pipe: toUser },
        stdout: { kind: 'pipe', pipe: toInteractor },
        stderr: { kind: 'ignore' },
      }),
      setup.sandbox.run({
        ...invocation,
        boxDir: interactor.boxDir,
        writableBox: false,
        limits: interactorLimits(setup.program),
        stdin: { kind: 'pipe', pipe: toInteractor },
        stdout: { kind: 'pipe', pipe: toUser },
        stderr: { kind: 'capture' },
        stderrCaptureBytes: judgeProgramStderrBytes,
      }),
    ]);
    return interactiveVerdict(userRun, interactorRun, setup.program);
  },
};

function interactiveVerdict(
  userRun: SandboxRunResult,
  interactorRun: SandboxRunResult,
  program: UserProgram,
): CaseVerdict {
  const measured = { timeMs: userRun.cpuTimeMs, memoryKib: userRun.peakMemoryKib };
  const interactorExitedCleanly =
    interactorRun.exitCode === 0 && interactorRun.signal === null && interactorRun.limitHit === null;
  const outcome = classifyRun(userRun, program.limits);
  // A broken pipe is the user's fault only when the interactor finished happily (judging.md §5.3).
  const isBrokenPipe = userRun.signal === 'SIGPIPE' && userRun.limitHit === null;
  if (outcome.kind === 'failed' && !(isBrokenPipe && !interactorExitedCleanly)) {
    return { ...measured, verdict: outcome.verdict, percentage: null, message: outcome.message };
  }
  const stderr = utf8.decode(interactorRun.stderr ?? new Uint8Array());
  const verdict = interpretCheckerExit({
    exitCode: interactorRun.exitCode,
    signal: interactorRun.signal,
    limitHit: interactorRun.limitHit,
    stdout: '',
    stderr,
  });
  const exitNote =
    !interactorExitedCleanly && stderr.trim() !== ''
      ? ` Interactive program exited with code: ${interactorRun.exitCode ?? exitMessage(null, interactorRun.signal)}`
      : '';
  return { ...measured, ...verdict, message: `${verdict.message}${exitNote}`.trim() };
}
