import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestRunJudged, TestRunRequested } from '@oj/events';
import { cutText, type BlobFiles } from '@oj/platform';
import { judgeRequestSchema } from '../judging/judge-request';
import { prepareUserProgram } from '../judging/user-program';
import type { LanguageRecord } from '../languages/language';
import { runProgram } from '../languages/run-program';
import { createWorkDir, removeWorkDir } from '../languages/work-dir';
import type { Sandbox } from '../sandbox/sandbox';
import { classifyRun } from '../verdicts/run-outcome';

export type TestRunOutcome = Omit<TestRunJudged, 'testRunKey' | 'judger' | 'judgedAt'>;

/** Runs a test run (judging.md §8); a throw is a system failure and sends the task back to the queue. */
export type TestRunJudge = (request: TestRunRequested) => Promise<TestRunOutcome>;

export interface TestRunJudgeDeps {
  readonly sandbox: Sandbox;
  readonly blobs: BlobFiles;
  readonly findLanguage: (name: string) => LanguageRecord | undefined;
  readonly workRoot: string;
}

const shownOutputChars = 1000;
const stderrChars = 1024 * 1024;
const utf8 = new TextDecoder('utf-8');

/** HOJ's cut: the first `chars` characters plus "...", on a code-point boundary (issue 10, F18). */
const cut = (text: string, chars: number) => (text.length > chars ? `${cutText(text, chars)}...` : text);

/** With expected output: AC when equal (right-trimmed unless the problem keeps end blanks), else WA; no PE. */
function compare(produced: string, expected: string | null, isRemoveEndBlank: boolean): 'AC' | 'WA' {
  if (expected === null) return 'AC';
  return (isRemoveEndBlank ? produced.trimEnd() === expected.trimEnd() : produced === expected) ? 'AC' : 'WA';
}

/**
 * The plain "test" mode whatever the problem's judge mode: compile, run once on the input plus "\n", report
 * stdout and stderr. File-IO problems read the input from, and write the output to, their named files.
 */
export function testRunJudge(deps: TestRunJudgeDeps): TestRunJudge {
  return async (request) => {
    const language = deps.findLanguage(request.language);
    const failed = (status: 'SE' | 'CE' | 'SF', stderr: string): TestRunOutcome => ({
      status,
      timeMs: null,
      memoryKib: null,
      userOutput: '',
      stderr: cut(stderr, stderrChars),
    });
    if (!language || language.unavailableReason)
      return failed('SE', `The language ${request.language} is not available`);
    // The same name rule as a submission's (issue 10, F3): the output name is read back from the box as root.
    const checked = judgeRequestSchema.safeParse({
      language: request.language,
      code: request.code,
      settings: request.judge,
    });
    if (!checked.success) return failed('SE', `The problem's judge settings are not valid: ${checked.error.message}`);
    const workDir = await createWorkDir(deps.workRoot);
    try {
      const { sandbox } = deps;
      const { settings } = checked.data;
      const prepared = await prepareUserProgram({
        sandbox,
        blobs: deps.blobs,
        workDir,
        language,
        code: request.code,
        settings,
      });
      if (prepared.kind === 'failed') return failed(prepared.verdict, prepared.message);
      const inputFile = join(workDir, 'test-run.in');
      await writeFile(inputFile, `${request.input}\n`);
      const fileIo = settings.fileIo;
      const { result, collected } = await runProgram(sandbox, language, prepared.program.artifactsDir, {
        limits: prepared.program.problemLimits,
        expectedOutputBytes: request.input.length * 2,
        stdin: fileIo ? { kind: 'ignore' } : { kind: 'file', path: inputFile },
        stdout: fileIo ? { kind: 'ignore' } : { kind: 'capture' },
        stderr: { kind: 'capture' },
        ...(fileIo
          ? { files: [{ hostPath: inputFile, name: fileIo.inputFileName }], collectFiles: [fileIo.outputFileName] }
          : {}),
      });
      const output = fileIo ? collected[fileIo.outputFileName] : result.stdout;
      const produced = utf8.decode(output ?? new Uint8Array());
      const programStderr = utf8.decode(result.stderr ?? new Uint8Array());
      const outcome = classifyRun(result, prepared.program.limits);
      const measured = {
        timeMs: result.cpuTimeMs,
        memoryKib: result.peakMemoryKib,
        userOutput: cut(produced, shownOutputChars),
      };
      if (outcome.kind === 'failed') {
        // Output-limit is reported as RE in HOJ; the RE text is the short "ExitCode: N (Signal)" of judging.md §8.
        const status = outcome.verdict === 'TLE' || outcome.verdict === 'MLE' ? outcome.verdict : 'RE';
        return {
          ...measured,
          status,
          stderr: cut([outcome.message, programStderr].filter(Boolean).join('\n'), stderrChars),
        };
      }
      return {
        ...measured,
        status: compare(produced, request.expectedOutput, settings.isRemoveEndBlank),
        stderr: cut(programStderr, stderrChars),
      };
    } finally {
      await removeWorkDir(workDir);
    }
  };
}
