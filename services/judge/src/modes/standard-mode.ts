import { readFile } from 'node:fs/promises';
import { compareOutput } from '../checkers/output-compare';
import { classifyRun } from '../verdicts/run-outcome';
import type { CaseVerdict, JudgeModeDefinition } from './judge-mode';
import { minimumOutputCapBytes, runUserProgram } from './user-run';

const utf8 = new TextDecoder('utf-8');

/** judgeMode "default": run, then compare with the expected output by the problem's compare rule (§3.4). */
export const standardMode: JudgeModeDefinition = {
  name: 'default',
  judgeProgramRole: null,
  createCaseJudge: (setup) => async (context) => {
    const outputCapBytes = Math.max(2 * context.answerBytes, minimumOutputCapBytes);
    const { run, outputFile } = await runUserProgram(setup, context, { outputCapBytes });
    const measured = { timeMs: run.cpuTimeMs, memoryKib: run.peakMemoryKib, percentage: null };
    const outcome = classifyRun(run, setup.program.limits);
    if (outcome.kind === 'failed') return { ...measured, verdict: outcome.verdict, message: outcome.message };
    const produced = outputFile ? await readFile(outputFile) : (run.stdout ?? new Uint8Array());
    const expected = await readFile(context.answerFile);
    const verdict = compareOutput(utf8.decode(produced), utf8.decode(expected), setup.settings.isRemoveEndBlank);
    return { ...measured, verdict, message: '' } satisfies CaseVerdict;
  },
};
