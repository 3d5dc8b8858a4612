import type { JudgeSettings } from '@oj/events';
import { stat } from 'node:fs/promises';
import type { CaseContext, CaseJudge, CaseVerdict } from '../modes/judge-mode';
import type { Sandbox } from '../sandbox/sandbox';
import { createRunGate } from './run-gate';

/**
 * Cases a lane hands its slot at once. Each case of a batch streams its result to its check as it ends,
 * so a lane holds at most this many captured outputs (each up to the stdout cap) where it held one.
 */
export const defaultCaseBatch = 4;

/**
 * The most stdin one batch carries: a batch's stdins are read whole into the judge's memory, and this is
 * what a single run's stdin may be when it goes as a batch of one (the pooled sandbox). A case with a
 * bigger input runs on its own (streamed).
 */
export const laneBatchStdinBytes = 4 * 1024 * 1024;

/**
 * Where a lane may batch its cases: judgeMode default (one run, then a comparison in the judge) without
 * file IO, under the case modes that run every case anyway. Special judges (a checker run after each
 * case), interactive pairs (runTogether) and file IO (files copied out of the box) go one by one;
 * ergodic_without_error and subtask_lowest stop at a failing case, so a batch would run cases HOJ never runs.
 */
export function batchesApply(settings: JudgeSettings): boolean {
  return (
    settings.judgeMode === 'default' &&
    !settings.fileIo &&
    (settings.judgeCaseMode === 'default' || settings.judgeCaseMode === 'subtask_average')
  );
}

/**
 * Splits a lane's cases (in order) into the batches its slot runs one after the other: consecutive cases
 * whose inputs add up to at most `stdinBytes`; a case whose input alone is bigger runs on its own.
 */
export function batchesBySize(inputBytes: readonly number[], stdinBytes: number): number[][] {
  const batches: number[][] = [];
  let current: number[] = [];
  let total = 0;
  for (const [index, bytes] of inputBytes.entries()) {
    if (current.length > 0 && total + bytes > stdinBytes) {
      batches.push(current);
      current = [];
      total = 0;
    }
    current.push(index);
    total += bytes;
    if (bytes > stdinBytes) {
      batches.push(current);
      current = [];
      total = 0;
    }
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

export interface LaneBatchDeps<R> {
  readonly contextOf: (seq: number) => Promise<CaseContext>;
  readonly sandbox: Sandbox;
  readonly caseJudgeFor: (sandbox: Sandbox) => CaseJudge;
  /** Reports a judged case (onCaseJudged) and makes the schedule's result of it. */
  readonly record: (seq: number, judged: CaseVerdict) => Promise<R>;
  readonly signal?: AbortSignal;
}

interface Pending<R> {
  readonly promise: Promise<R>;
  resolve(value: R): void;
  reject(error: unknown): void;
}

function pending<R>(): Pending<R> {
  let resolve: (value: R) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<R>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Judges a lane's cases (seq order) in its slot: their inputs split into batches by size, each batch one
 * `runBatch` whose results go to their checks as they arrive (run-gate.ts). One promise per case, settling
 * as the case is judged. After a case fails (a system error, missing data, a source that does not compile)
 * or the signal aborts, the lane's remaining cases fail with that error without running.
 */
export function judgeLaneBatch<R>(seqs: readonly number[], deps: LaneBatchDeps<R>): Promise<R>[] {
  const results = seqs.map(() => pending<R>());
  const failRest = (from: number, error: unknown) => {
    for (const result of results.slice(from)) result.reject(error);
  };
  const judgeAll = async () => {
    let contexts: CaseContext[];
    let inputBytes: number[];
    try {
      contexts = await Promise.all(seqs.map((seq) => deps.contextOf(seq)));
      inputBytes = await Promise.all(contexts.map(async (context) => (await stat(context.inputFile)).size));
    } catch (error) {
      failRest(0, error);
      return;
    }
    for (const batch of batchesBySize(inputBytes, laneBatchStdinBytes)) {
      const first = batch[0] ?? 0;
      if (deps.signal?.aborted) return failRest(first, deps.signal.reason);
      const gate = batch.length > 1 ? createRunGate(deps.sandbox, batch.length) : null;
      const judged = batch.map(async (index, position) => {
        const context = contexts[index];
        const seq = seqs[index];
        const result = results[index];
        if (!context || seq === undefined || !result) throw new Error('A lane batch lost a case');
        try {
          const verdict = await deps.caseJudgeFor(gate?.sandboxOf(position) ?? deps.sandbox)(context);
          gate?.ended(position);
          result.resolve(await deps.record(seq, verdict));
        } catch (error) {
          gate?.ended(position);
          result.reject(error);
          throw error;
        }
      });
      // The next batch waits for this one's checks too: the lane holds one batch's outputs at most.
      const settled = await Promise.allSettled(judged);
      const failure = settled.find((outcome) => outcome.status === 'rejected');
      if (failure) return failRest((batch.at(-1) ?? 0) + 1, failure.reason);
    }
  };
  judgeAll().catch((error: unknown) => failRest(0, error));
  return results.map((result) => result.promise);
}
