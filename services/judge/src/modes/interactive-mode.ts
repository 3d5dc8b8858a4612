import { programLimits } from '../languages/program-limits';
import { runPair } from '../languages/run-pair';
import type { SandboxLimits, SandboxRunResult } from '../sandbox/sandbox';
import { interpretCheckerExit } from '../checkers/checker-exit';
import { classifyRun } from '../verdicts/run-outcome';
import type { CaseVerdict, JudgeModeDefinition, UserProgram } from './judge-mode';
import { judgeProgramFiles, judgeProgramProblemLimits, judgeProgramStderrBytes } from './judge-program-run';

const utf8 = new TextDecoder('utf-8');

/** Twice the user's CPU ceiling, six times it as wall, twice its memory ceiling (judging.md §5.3). */
function interactorLimits(program: UserProgram): SandboxLimits {
  const ceiling = programLimits(program.language, program.problemLimits).sandbox;
  return {
    ...ceiling,
    cpuTimeMs: 2 * ceiling.cpuTimeMs,
    wallTimeMs: 6 * ceiling.cpuTimeMs,
    memoryKib: 2 * ceiling.memoryKib,
    stackKib: 128 * 1024,
    processes: 16,
  };
}

/**
 * judgeMode "interactive": the user program and the interactor run at once in two slots, each one's stdout
 * piped into the other's stdin; the interactor is called like a testlib interactor (`input output answer`)
 * and its exit is read like a checker's (judging.md §5.3).
 */
export const interactiveMode: JudgeModeDefinition = {
  name: 'interactive',
  judgeProgramRole: 'interactor',
  slotsPerCase: 2,
  createCaseJudge: (setup) => async (context) => {
    const interactor = setup.judgeProgram;
    if (!interactor) throw new Error('The interactive mode needs a compiled interactor');
    const [user, judge] = await runPair(
      setup.sandbox,
      {
        language: setup.program.language,
        artifactsDir: setup.program.artifactsDir,
        options: { limits: setup.program.problemLimits, stderr: { kind: 'ignore' } },
      },
      {
        language: interactor.language,
        artifactsDir: interactor.artifactsDir,
        options: {
          ...judgeProgramFiles(context, null),
          limits: judgeProgramProblemLimits,
          sandboxLimits: interactorLimits(setup.program),
          stderr: { kind: 'capture' },
          stderrCaptureBytes: judgeProgramStderrBytes,
        },
      },
    );
    return interactiveVerdict(user.result, judge.result, setup.program);
  },
};

function interactiveVerdict(userRun: SandboxRunResult, judgeRun: SandboxRunResult, program: UserProgram): CaseVerdict {
  const measured = { timeMs: userRun.cpuTimeMs, memoryKib: userRun.peakMemoryKib };
  const isInteractorClean = judgeRun.exitCode === 0 && judgeRun.signal === null && judgeRun.limitHit === null;
  const outcome = classifyRun(userRun, program.limits);
  // A broken pipe is the user's fault only when the interactor finished happily (judging.md §5.3).
  const isBrokenPipe = userRun.signal === 'SIGPIPE' && userRun.limitHit === null;
  if (outcome.kind === 'failed' && !(isBrokenPipe && !isInteractorClean)) {
    return { ...measured, verdict: outcome.verdict, percentage: null, message: outcome.message };
  }
  const stderr = utf8.decode(judgeRun.stderr ?? new Uint8Array());
  const verdict = interpretCheckerExit({
    exitCode: judgeRun.exitCode,
    signal: judgeRun.signal,
    limitHit: judgeRun.limitHit,
    // Exit 99's percentage would be on stdout, which is the pipe to the user: not readable here.
    stdout: '',
    stderr,
  });
  const exitNote =
    !isInteractorClean && stderr.trim() !== ''
      ? ` Interactive program exited with code: ${judgeRun.exitCode ?? judgeRun.signal ?? 'unknown'}`
      : '';
  return { ...measured, ...verdict, message: `${verdict.message}${exitNote}`.trim() };
}
