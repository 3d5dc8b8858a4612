import type { JudgeCaseMode } from '../verdicts/scoring-rules';
import type { Verdict } from '../verdicts/verdict';

export interface ScheduledCase {
  readonly seq: number;
  readonly groupNum: number;
}

export interface ScheduledResult {
  readonly seq: number;
  readonly verdict: Verdict;
  readonly percentage: number | null;
}

export interface CaseScheduleHooks<R extends ScheduledResult> {
  judge(testCase: ScheduledCase): Promise<R>;
  /**
   * Judges a lane's next cases in one slot, one after the other (a sandbox batch): one promise per case, in
   * the given order, each settling when its case is judged. Only the modes that run every case use it.
   */
  judgeInLane?(cases: readonly ScheduledCase[]): readonly Promise<R>[];
  /** Most cases a lane takes at once for judgeInLane (default 1). */
  readonly laneBatch?: number;
  /** The record of a subtask case left unjudged after an earlier failure in its group (status CA). */
  skip(testCase: ScheduledCase): R;
  readonly concurrency: number;
  readonly signal?: AbortSignal;
}

/**
 * Which cases run, and in what order, per judge case mode (judging.md §4.1). default and subtask_average run
 * everything (in parallel up to `concurrency` lanes, each taking up to `laneBatch` cases at a time);
 * ergodic_without_error stops at the first case that is not AC;
 * subtask_lowest runs each group in order and skips the rest of a group after a case with no credit. Results
 * come back in seq order; only what ran (or was skipped) is returned.
 */
export async function runCaseSchedule<R extends ScheduledResult>(
  mode: JudgeCaseMode,
  cases: readonly ScheduledCase[],
  hooks: CaseScheduleHooks<R>,
): Promise<R[]> {
  const ordered = [...cases].sort((a, b) => a.seq - b.seq);
  if (mode === 'ergodic_without_error') return runUntil(ordered, hooks, (r) => r.verdict !== 'AC', false);
  if (mode === 'subtask_lowest') {
    const results: R[] = [];
    for (const group of groupsInOrder(ordered)) results.push(...(await runUntil(group, hooks, hasNoCredit, true)));
    return results.sort((a, b) => a.seq - b.seq);
  }
  return runAll(ordered, hooks);
}

/** subtask_lowest carries on past AC and past a partial result that earned something. */
function hasNoCredit(result: ScheduledResult): boolean {
  return !(result.verdict === 'AC' || (result.verdict === 'PA' && (result.percentage ?? 0) > 0));
}

async function runUntil<R extends ScheduledResult>(
  ordered: readonly ScheduledCase[],
  hooks: CaseScheduleHooks<R>,
  stopsAfter: (result: R) => boolean,
  recordsSkipped: boolean,
): Promise<R[]> {
  const results: R[] = [];
  for (const [index, testCase] of ordered.entries()) {
    hooks.signal?.throwIfAborted();
    const result = await hooks.judge(testCase);
    results.push(result);
    if (stopsAfter(result)) {
      if (recordsSkipped) results.push(...ordered.slice(index + 1).map((skipped) => hooks.skip(skipped)));
      break;
    }
  }
  return results;
}

async function runAll<R extends ScheduledResult>(
  ordered: readonly ScheduledCase[],
  hooks: CaseScheduleHooks<R>,
): Promise<R[]> {
  const results: R[] = [];
  const lanes = Math.max(1, Math.min(hooks.concurrency, ordered.length));
  const batchMax = hooks.judgeInLane ? Math.max(1, hooks.laneBatch ?? 1) : 1;
  let next = 0;
  // Once one lane throws (a system error), the others take no new case: the attempt is going to be retried.
  let hasFailed = false;
  const markFailed = (error: unknown): never => {
    hasFailed = true;
    throw error;
  };
  const lane = async () => {
    while (next < ordered.length && !hasFailed) {
      hooks.signal?.throwIfAborted();
      // No more than an even share of what is left, so that a few cases still spread over every lane.
      const count = Math.min(batchMax, Math.ceil((ordered.length - next) / lanes));
      const taken = ordered.slice(next, next + count);
      next += taken.length;
      const judged = hooks.judgeInLane ? hooks.judgeInLane(taken) : taken.map((testCase) => hooks.judge(testCase));
      // A failed case stops the other lanes at once; the rest of its own batch settles before the lane ends,
      // so none of its runs is left running when the attempt ends.
      const settled = await Promise.allSettled(judged.map((result) => result.catch(markFailed)));
      for (const outcome of settled) if (outcome.status === 'fulfilled') results.push(outcome.value);
      const failure = settled.find((outcome) => outcome.status === 'rejected');
      if (failure) throw failure.reason;
    }
  };
  // Every lane ends before the schedule does, so no run of this attempt outlives it (its work dir goes next).
  const ended = await Promise.allSettled(Array.from({ length: lanes }, lane));
  const failure = ended.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return results.sort((a, b) => a.seq - b.seq);
}

function groupsInOrder(ordered: readonly ScheduledCase[]): ScheduledCase[][] {
  const groups = new Map<number, ScheduledCase[]>();
  for (const testCase of ordered) {
    const group = groups.get(testCase.groupNum);
    if (group) group.push(testCase);
    else groups.set(testCase.groupNum, [testCase]);
  }
  return [...groups.values()];
}
