import { hojStatusCodes } from '@oj/events';

/** One case as the reply lists it (HOJ's JudgeCase; limited viewers see only some fields). */
export interface CaseRow {
  readonly time: number | null;
  readonly memory: number | null;
  readonly score: number | null;
  readonly status: number;
  readonly groupNum: number;
  readonly seq: number;
  readonly [field: string]: unknown;
}

export interface SubtaskGroup {
  readonly groupNum: number;
  readonly time: number | null;
  readonly memory: number | null;
  readonly score: number | null;
  readonly status: number;
  readonly ac: number;
  readonly total: number;
  readonly subtaskDetailList: readonly CaseRow[];
}

const accepted = hojStatusCodes.AC;
const cancelled = hojStatusCodes.CA;

/** subtask_average: score = round(mean); AC when all AC, else WA at score 0, else PA (judging.md §4.5). */
function averageGroup(groupNum: number, cases: readonly CaseRow[]): SubtaskGroup {
  const ac = cases.filter((row) => row.status === accepted).length;
  const score = Math.round(cases.reduce((sum, row) => sum + (row.score ?? 0), 0) / cases.length);
  const status = ac === cases.length ? accepted : score === 0 ? hojStatusCodes.WA : hojStatusCodes.PA;
  return { groupNum, time: null, memory: null, score, status, ac, total: cases.length, subtaskDetailList: cases };
}

/** subtask_lowest: the lowest-scoring non-skipped case (first in seq order on ties) speaks for the group. */
function lowestGroup(groupNum: number, cases: readonly CaseRow[]): SubtaskGroup {
  const run = cases.filter((row) => row.status !== cancelled);
  const lowest = run.reduce<CaseRow | undefined>(
    (min, row) => (min === undefined || (row.score ?? 0) < (min.score ?? 0) ? row : min),
    undefined,
  );
  return {
    groupNum,
    time: lowest?.time ?? null,
    memory: lowest?.memory ?? null,
    score: lowest?.score ?? null,
    status: lowest?.status ?? cancelled,
    ac: run.filter((row) => row.status === accepted).length,
    total: cases.length,
    subtaskDetailList: cases,
  };
}

/** Groups case rows by groupNum, sorted by groupNum then seq, for the two subtask modes. */
export function groupSubtasks(mode: 'subtask_lowest' | 'subtask_average', rows: readonly CaseRow[]): SubtaskGroup[] {
  const sorted = [...rows].sort((a, b) => a.groupNum - b.groupNum || a.seq - b.seq);
  const groups = new Map<number, CaseRow[]>();
  for (const row of sorted) groups.set(row.groupNum, [...(groups.get(row.groupNum) ?? []), row]);
  return [...groups].map(([groupNum, cases]) =>
    mode === 'subtask_average' ? averageGroup(groupNum, cases) : lowestGroup(groupNum, cases),
  );
}
