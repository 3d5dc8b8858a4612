import type { JudgeSettings } from '@oj/events';
import { stat } from 'node:fs/promises';
import type { LanguageRecord } from '../languages/language';
import { createBoxDir, createWorkDir, removeWorkDir } from '../languages/work-dir';
import type { CaseContext, CaseJudge, CaseVerdict, JudgeProgram } from '../modes/judge-mode';
import { judgeModes } from '../modes/judge-modes';
import type { Sandbox } from '../sandbox/sandbox';
import { BlobNotFoundError, type BlobFiles } from '@oj/platform';
import { aggregateSubmission } from '../verdicts/aggregate-submission';
import { caseScore } from '../verdicts/case-score';
import { isSubtaskMode } from '../verdicts/scoring-rules';
import { caseMessage } from './case-message';
import { runCaseSchedule, type ScheduledCase, type ScheduledResult } from './case-schedule';
import { compiledJudgeProgram } from './judge-program-cache';
import { batchesApply, defaultCaseBatch, judgeLaneBatch } from './lane-batches';
import { judgeRequestSchema, type CaseResult, type JudgeRequest, type JudgeResult } from './judge-request';
import { prepareUserProgram, type FailedUserProgram } from './user-program';

export interface JudgeSubmissionDeps {
  readonly sandbox: Sandbox;
  /** Test data, extra files and checker sources by hash: the blob store, or a worker cache in front of it. */
  readonly blobs: BlobFiles;
  readonly findLanguage: (name: string) => LanguageRecord | undefined;
  /** Attempts get a private directory under it, removed afterwards. Must be traversable by the sandbox uids. */
  readonly workRoot: string;
  /** Compiled checkers and interactors, kept across attempts. */
  readonly cacheDir: string;
  /** Cases judged at once in the modes that allow it; defaults to the sandbox's slots (halved for interactive). */
  readonly caseConcurrency?: number;
  /**
   * Cases one lane hands its slot as one sandbox batch, where batches apply (judgeMode default without file IO,
   * case modes default and subtask_average; see lane-batches.ts). Default 4; 1 runs every case on its own.
   */
  readonly caseBatch?: number;
  readonly signal?: AbortSignal;
  /** Called once per stored case, in the order cases finish; awaited before the next result is reported. */
  readonly onCaseJudged?: (result: CaseResult) => Promise<void> | void;
  /** Called once the user's program compiled (a mark for the latency trace). */
  readonly onCompiled?: () => void;
}

const skippedMessage = 'Cancelled: Skipped Judging';

/**
 * Judges one attempt: compile, compile the checker or interactor if the mode needs one, run the cases the
 * judge case mode asks for, check each, and aggregate. Verdicts are data: CE, SE and SF come back as results.
 * A throw means the judge itself failed (sandbox, disk) and the attempt should be retried.
 */
export async function judgeSubmission(request: JudgeRequest, deps: JudgeSubmissionDeps): Promise<JudgeResult> {
  const { language: languageName, code, settings, checkerIncludes } = judgeRequestSchema.parse(request);
  const language = deps.findLanguage(languageName);
  if (!language || language.unavailableReason) {
    return judgeLevelFailure('SE', `The language ${languageName} is not available on this judge`);
  }
  const workDir = await createWorkDir(deps.workRoot);
  try {
    const prepared = await prepareUserProgram({
      sandbox: deps.sandbox,
      blobs: deps.blobs,
      workDir,
      language,
      code,
      settings,
      deferCompileCheck: true,
    });
    if (prepared.kind === 'failed') return judgeLevelFailure(prepared.verdict, prepared.message);
    deps.onCompiled?.();
    const mode = judgeModes[settings.judgeMode];
    let judgeProgram: JudgeProgram | null = null;
    if (mode.judgeProgramRole) {
      const compiled = await compiledJudgeProgram({ ...deps, role: mode.judgeProgramRole, settings, checkerIncludes });
      if (!compiled.ok) {
        // A deferred compile check still decides first, as the eager compile did: CE before the checker's SE.
        const failure = await prepared.checkSource?.();
        return failure
          ? judgeLevelFailure(failure.verdict, failure.message)
          : judgeLevelFailure('SE', compiled.message);
      }
      judgeProgram = compiled.program;
    }
    // A case judge per sandbox: the cases of a lane's batch each get the batch's view of it (run-gate.ts).
    const modeJudgeFor = (sandbox: Sandbox) =>
      mode.createCaseJudge({ sandbox, settings, program: prepared.program, judgeProgram });
    const checked = prepared.checkSource ? checkingSource(modeJudgeFor, prepared.checkSource) : null;
    const concurrency = deps.caseConcurrency ?? Math.max(1, Math.floor(deps.sandbox.slots / mode.slotsPerCase));
    let cases: CaseResult[] | null;
    try {
      cases = await judgeCases(settings, checked?.judgeFor ?? modeJudgeFor, { ...deps, workDir, concurrency });
    } catch (error) {
      if (!(error instanceof SourceFailedCheck)) throw error;
      // The other lanes' runs of the same source end the same way; none may still use the work dir when it goes.
      await checked?.settled();
      return judgeLevelFailure(error.failure.verdict, error.failure.message);
    }
    if (cases === null) return judgeLevelFailure('SE', 'The test data of this problem was not found');
    const outcome = aggregateSubmission(
      { ...settings, ...prepared.program.limits },
      cases.map((c) => ({ ...c, verdict: c.status, score: c.score ?? 0 })),
    );
    const { verdict, ...measures } = outcome;
    return { ...measures, status: verdict, cases };
  } finally {
    await removeWorkDir(workDir);
  }
}

/** The per-case steps around a case judge: its schedule entry, its context (data files, scratch dir), its record. */
function caseSteps(settings: JudgeSettings, deps: JudgeSubmissionDeps & { readonly workDir: string }) {
  const isOi = settings.problemType === 'OI';
  const groupOf = (groupNum: number) => (isSubtaskMode(settings.judgeCaseMode) ? groupNum : 1);
  const scheduled = settings.testCases.map((testCase, index) => ({
    seq: index + 1,
    groupNum: groupOf(testCase.groupNum),
    testCase,
  }));
  const base = (seq: number) => {
    const entry = scheduled[seq - 1];
    if (!entry) throw new Error(`No test case with seq ${seq}`);
    const { testCase, groupNum } = entry;
    return {
      testCase,
      fields: {
        caseId: testCase.caseId,
        seq,
        groupNum,
        inputName: testCase.inputName,
        outputName: testCase.outputName,
      },
    };
  };
  const contextOf = async (seq: number): Promise<CaseContext> => {
    const { testCase } = base(seq);
    const inputFile = await deps.blobs.fileFor(testCase.inputSha256);
    const answerFile = await deps.blobs.fileFor(testCase.outputSha256);
    return {
      seq,
      testCase,
      inputFile,
      answerFile,
      answerBytes: (await stat(answerFile)).size,
      makeCaseDir: () => createBoxDir(deps.workDir, `case-${seq}-`),
    };
  };
  const record = async (seq: number, judged: CaseVerdict): Promise<CaseResult & ScheduledResult> => {
    const { testCase, fields } = base(seq);
    const result: CaseResult = {
      ...fields,
      status: judged.verdict,
      timeMs: Math.max(0, Math.round(judged.timeMs)),
      memoryKib: Math.max(0, Math.round(judged.memoryKib)),
      score: isOi ? caseScore(judged.verdict, judged.percentage, testCase.score) : null,
      message: caseMessage(judged.message),
      ...(judged.interaction ? { interaction: judged.interaction } : {}),
    };
    await deps.onCaseJudged?.(result);
    return { ...result, verdict: result.status, percentage: judged.percentage };
  };
  return { isOi, scheduled, base, contextOf, record };
}

async function judgeCases(
  settings: JudgeSettings,
  caseJudgeFor: (sandbox: Sandbox) => CaseJudge,
  deps: JudgeSubmissionDeps & { readonly workDir: string; readonly concurrency: number },
): Promise<CaseResult[] | null> {
  const { isOi, scheduled, base, contextOf, record } = caseSteps(settings, deps);
  const caseJudge = caseJudgeFor(deps.sandbox);
  const batches = batchesApply(settings) && (deps.caseBatch ?? defaultCaseBatch) > 1;
  const skipped: CaseResult[] = [];
  try {
    const results = await runCaseSchedule(settings.judgeCaseMode, scheduled, {
      concurrency: deps.concurrency,
      ...(deps.signal ? { signal: deps.signal } : {}),
      ...(batches
        ? {
            laneBatch: deps.caseBatch ?? defaultCaseBatch,
            judgeInLane: (cases: readonly ScheduledCase[]) =>
              judgeLaneBatch(
                cases.map(({ seq }) => seq),
                {
                  contextOf,
                  sandbox: deps.sandbox,
                  caseJudgeFor,
                  record,
                  ...(deps.signal ? { signal: deps.signal } : {}),
                },
              ),
          }
        : {}),
      judge: async ({ seq }: ScheduledCase) => record(seq, await caseJudge(await contextOf(seq))),
      skip: ({ seq }: ScheduledCase) => {
        const record: CaseResult = {
          ...base(seq).fields,
          status: 'CA',
          timeMs: 0,
          memoryKib: 0,
          score: isOi ? 0 : null,
          message: skippedMessage,
        };
        skipped.push(record);
        return { ...record, verdict: record.status, percentage: null };
      },
    });
    for (const record of skipped) await deps.onCaseJudged?.(record);
    return results.map(({ verdict: _verdict, percentage: _percentage, ...result }) => result);
  } catch (error) {
    if (error instanceof BlobNotFoundError) return null;
    throw error;
  }
}

/** A deferred compile check failed: the attempt ends as the eager compile would have ended it. */
class SourceFailedCheck extends Error {
  constructor(readonly failure: FailedUserProgram) {
    super(failure.message);
  }
}

/**
 * Runs the deferred compile check (user-program.ts) before a case that is not AC is reported: an AC run proves
 * the source compiles, so an accepted submission never compiles; a failed check throws before any case of
 * the attempt is reported (no case can be AC then), so a CE has no case records, as with the eager compile.
 */
function checkingSource(
  judgeFor: (sandbox: Sandbox) => CaseJudge,
  checkSource: () => Promise<FailedUserProgram | null>,
) {
  const inFlight = new Set<Promise<unknown>>();
  let failed: SourceFailedCheck | undefined;
  const checkedJudgeFor =
    (sandbox: Sandbox): CaseJudge =>
    (context) => {
      // A lane that took its case before the failure starts no run after it.
      if (failed) return Promise.reject(failed);
      const judged = judgeFor(sandbox)(context).then(async (verdict) => {
        if (verdict.verdict === 'AC') return verdict;
        const failure = await checkSource();
        if (failure) throw (failed ??= new SourceFailedCheck(failure));
        return verdict;
      });
      const tracked = judged.catch(() => undefined).finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      return judged;
    };
  return { judgeFor: checkedJudgeFor, settled: () => Promise.all([...inFlight]) };
}

function judgeLevelFailure(status: 'CE' | 'SE' | 'SF', message: string): JudgeResult {
  return { status, score: null, oiRankScore: null, timeMs: 0, memoryKib: 0, errorMessage: message, cases: [] };
}
