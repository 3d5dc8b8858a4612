import { readFile } from 'node:fs/promises';
import { compareOutput } from '../checkers/output-compare';
import { classifyRun } from '../verdicts/run-outcome';
import type { JudgeModeDefinition } from './judge-mode';
import { runUserProgram } from './user-run';

const utf8 = new TextDecoder('utf-8');

/** judgeMode "default": run, then compare with the expected output by the problem's compare rule (§3.4). */
export const standardMode: JudgeModeDefinition = {
  name: 'default',
  judgeProgramRole: null,
  slotsPerCase: 1,
  createCaseJudge: (setup) => async (context) => {
    const { run, output } = await runUserProgram(setup, context, { kind: 'capture' }, context.answerBytes);
    const measured = { timeMs: run.cpuTimeMs, memoryKib: run.peakMemoryKib, percentage: null };
    const outcome = classifyRun(run, setup.program.limits);
    if (outcome.kind === 'failed') return { ...measured, verdict: outcome.verdict, message: outcome.message };
    const expected = await readFile(context.answerFile);
    const produced = utf8.decode(output ?? new Uint8Array());
    const verdict = compareOutput(produced, utf8.decode(expected), setup.settings.isRemoveEndBlank);
    return { ...measured, verdict, message: '' };
  },
};
