import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hojStatusCodes } from '@oj/events';
import { groupSubtasks, type CaseRow } from './subtask-grouping';

const row = (groupNum: number, seq: number, status: number, score: number): CaseRow => ({
  groupNum,
  seq,
  status,
  score,
  time: seq,
  memory: seq * 10,
});

const rows = fc
  .array(
    fc.record({
      groupNum: fc.integer({ min: 1, max: 3 }),
      status: fc.constantFrom(hojStatusCodes.AC, hojStatusCodes.WA, hojStatusCodes.CA),
      score: fc.integer({ min: 0, max: 10 }),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((cases) => cases.map((one, index) => row(one.groupNum, index + 1, one.status, one.score)));

describe('groupSubtasks', () => {
  it('averages a group and names it AC, WA at score 0, or PA', () => {
    const [group] = groupSubtasks('subtask_average', [row(1, 1, 0, 10), row(1, 2, -1, 5)]);
    expect(group).toMatchObject({ groupNum: 1, score: 8, status: hojStatusCodes.PA, ac: 1, total: 2, time: null });
  });

  it('lets the lowest non-skipped case speak for a subtask_lowest group', () => {
    const [group] = groupSubtasks('subtask_lowest', [row(1, 1, 0, 10), row(1, 2, -1, 0), row(1, 3, -4, 0)]);
    expect(group).toMatchObject({ score: 0, status: hojStatusCodes.WA, time: 2, memory: 20, ac: 1, total: 3 });
  });

  it('keeps every case exactly once, in groupNum then seq order, whatever the mode', () => {
    fc.assert(
      fc.property(rows, fc.constantFrom('subtask_lowest' as const, 'subtask_average' as const), (cases, mode) => {
        const groups = groupSubtasks(mode, cases);
        const flattened = groups.flatMap((group) => group.subtaskDetailList);
        expect(flattened).toHaveLength(cases.length);
        expect(groups.map((group) => group.groupNum)).toEqual([...new Set(cases.map((one) => one.groupNum))].sort());
        for (const group of groups) {
          expect(group.total).toBe(group.subtaskDetailList.length);
          expect(group.ac).toBeLessThanOrEqual(group.total);
          const seqs = group.subtaskDetailList.map((one) => one.seq);
          expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
        }
      }),
    );
  });
});
