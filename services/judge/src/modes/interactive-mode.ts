import { programLimits } from '../languages/program-limits';
import { runPair } from '../languages/run-pair';
import type { SandboxLimits } from '../sandbox/sandbox';
import { firstToFinishOf, interactiveVerdict } from '../verdicts/interactive-verdict';
import type { JudgeModeDefinition, UserProgram } from './judge-mode';
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
    const verdict = interactiveVerdict(
      user.result,
      { ...judge.result, stderr: utf8.decode(judge.result.stderr ?? new Uint8Array()) },
      setup.program.limits,
      firstToFinishOf(user.result.endedAtMs, judge.result.endedAtMs),
    );
    return { timeMs: user.result.cpuTimeMs, memoryKib: user.result.peakMemoryKib, ...verdict };
  },
};
