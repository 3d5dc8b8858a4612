import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../verdicts/verdict';
import { runCaseSchedule, type ScheduledCase, type ScheduledResult } from './case-schedule';

type Result = ScheduledResult & { readonly skipped: boolean };

/** A judge that answers from a table: the schedule only sees verdicts, so no program needs to run. */
function tableJudge(verdicts: ReadonlyMap<number, [Verdict, number | null]>) {
  const judged: number[] = [];
  return {
    judged,
    hooks: {
      concurrency: 3,
      judge: async (c: ScheduledCase): Promise<Result> => {
        judged.push(c.seq);
        const [verdict, percentage] = verdicts.get(c.seq) ?? ['AC', null];
        return { seq: c.seq, verdict, percentage, skipped: false };
      },
      skip: (c: ScheduledCase): Result => ({ seq: c.seq, verdict: 'CA', percentage: null, skipped: true }),
    },
  };
}

const cases = (groups: number[]): ScheduledCase[] => groups.map((groupNum, i) => ({ seq: i + 1, groupNum }));

describe('runCaseSchedule', () => {
  it('runs every case in default mode and returns them in seq order', async () => {
    const { hooks, judged } = tableJudge(new Map([[2, ['WA', null]]]));
    const results = await runCaseSchedule('default', cases([1, 1, 1, 1]), hooks);
    expect(results.map((r) => [r.seq, r.verdict])).toEqual([
      [1, 'AC'],
      [2, 'WA'],
      [3, 'AC'],
      [4, 'AC'],
    ]);
    expect(judged.sort()).toEqual([1, 2, 3, 4]);
  });

  it('stops at the first non-AC case in ergodic_without_error, keeping the failing one', async () => {
    const { hooks, judged } = tableJudge(new Map([[2, ['PA', 0.5]]]));
    const results = await runCaseSchedule('ergodic_without_error', cases([1, 1, 1]), hooks);
    expect(results.map((r) => r.seq)).toEqual([1, 2]);
    expect(judged).toEqual([1, 2]);
  });

  it('skips the rest of a failed subtask group as CA with their own seq, and still runs later groups', async () => {
    const { hooks, judged } = tableJudge(new Map([[1, ['TLE', null]]]));
    const results = await runCaseSchedule('subtask_lowest', cases([1, 1, 2, 2]), hooks);
    expect(results.map((r) => [r.seq, r.verdict, r.skipped])).toEqual([
      [1, 'TLE', false],
      [2, 'CA', true],
      [3, 'AC', false],
      [4, 'AC', false],
    ]);
    expect(judged).toEqual([1, 3, 4]);
  });

  it('carries on in a subtask group past a partial result with credit', async () => {
    const { hooks, judged } = tableJudge(new Map([[1, ['PA', 0.3]]]));
    await runCaseSchedule('subtask_lowest', cases([1, 1]), hooks);
    expect(judged).toEqual([1, 2]);
  });

  it('returns one result per case in the modes that never stop early, whatever the verdicts', async () => {
    const verdict = fc.constantFrom<Verdict>('AC', 'WA', 'TLE', 'PA');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 3 }), verdict), { minLength: 1, maxLength: 10 }),
        fc.constantFrom('default' as const, 'subtask_average' as const, 'subtask_lowest' as const),
        async (rows, mode) => {
          const table = new Map(
            rows.map(([, v], i) => [i + 1, [v, v === 'PA' ? 0.5 : null] as [Verdict, number | null]]),
          );
          const { hooks } = tableJudge(table);
          const results = await runCaseSchedule(mode, cases(rows.map(([g]) => g)), hooks);
          expect(results.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
        },
      ),
    );
  });

  describe('lanes handing their slot a batch (judgeInLane)', () => {
    /** A table judge whose lanes judge their cases together, recording each lane batch it was handed. */
    function laneJudge(verdicts: ReadonlyMap<number, [Verdict, number | null]>, laneBatch: number, concurrency = 2) {
      const { hooks, judged } = tableJudge(verdicts);
      const batches: number[][] = [];
      return {
        judged,
        batches,
        hooks: {
          ...hooks,
          concurrency,
          laneBatch,
          judgeInLane: (taken: readonly ScheduledCase[]) => {
            batches.push(taken.map((c) => c.seq));
            return taken.map((c) => hooks.judge(c));
          },
        },
      };
    }

    it('runs every case once, in batches of consecutive cases no larger than laneBatch, results in seq order', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 30 }),
          fc.integer({ min: 1, max: 5 }),
          fc.integer({ min: 1, max: 3 }),
          fc.constantFrom('default' as const, 'subtask_average' as const),
          async (count, laneBatch, concurrency, mode) => {
            const { hooks, judged, batches } = laneJudge(new Map(), laneBatch, concurrency);
            const results = await runCaseSchedule(mode, cases(Array(count).fill(1)), hooks);
            expect(results.map((r) => r.seq)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
            expect([...judged].sort((a, b) => a - b)).toEqual(results.map((r) => r.seq));
            for (const batch of batches) {
              expect(batch.length).toBeLessThanOrEqual(laneBatch);
              expect(batch).toEqual(batch.map((_, i) => (batch[0] ?? 0) + i));
            }
          },
        ),
      );
    });

    it('takes full batches while cases are plenty, and spreads the last few over the lanes', async () => {
      const { hooks, batches } = laneJudge(new Map(), 4, 2);
      await runCaseSchedule('default', cases(Array(10).fill(1)), hooks);
      expect(batches).toEqual([[1, 2, 3, 4], [5, 6, 7], [8, 9], [10]]);
    });

    it('leaves ergodic_without_error and subtask_lowest one case at a time', async () => {
      for (const mode of ['ergodic_without_error', 'subtask_lowest'] as const) {
        const { hooks, batches, judged } = laneJudge(new Map([[3, ['WA', null]]]), 4);
        await runCaseSchedule(mode, cases([1, 1, 1, 1, 1]), hooks);
        expect(batches).toEqual([]);
        expect(judged).toEqual([1, 2, 3]);
      }
    });

    it('stops every lane taking new cases once one lane batch fails, and waits for the rest of that batch', async () => {
      const { hooks, batches } = laneJudge(new Map(), 2, 2);
      let hasFailed = false;
      const takenAfterFailure: number[][] = [];
      const settledAfterFailure: number[] = [];
      const failing = {
        ...hooks,
        judgeInLane: (taken: readonly ScheduledCase[]) => {
          if (hasFailed) takenAfterFailure.push(taken.map((c) => c.seq));
          return hooks.judgeInLane(taken).map(async (judged) => {
            const result = await judged;
            if (result.seq === 3) {
              hasFailed = true;
              throw new Error('sandbox gone');
            }
            if (hasFailed) settledAfterFailure.push(result.seq);
            return result;
          });
        },
      };
      await expect(runCaseSchedule('default', cases(Array(12).fill(1)), failing)).rejects.toThrow('sandbox gone');
      expect(batches).toContainEqual([3, 4]);
      expect(batches.length).toBeLessThan(6);
      expect(takenAfterFailure).toEqual([]);
      expect(settledAfterFailure).toContain(4);
    });

    it('takes no new lane batch once the signal aborts', async () => {
      const controller = new AbortController();
      const { hooks, batches } = laneJudge(new Map(), 2, 1);
      const aborting = {
        ...hooks,
        signal: controller.signal,
        judgeInLane: (taken: readonly ScheduledCase[]) => {
          controller.abort(new Error('cancelled'));
          return hooks.judgeInLane(taken);
        },
      };
      await expect(runCaseSchedule('default', cases(Array(6).fill(1)), aborting)).rejects.toThrow('cancelled');
      expect(batches).toEqual([[1, 2]]);
    });
  });
});
