import fc from 'fast-check';
import { expect } from 'vitest';
import {
  referenceAcmBoard,
  referenceOiBoard,
  type ReferenceContest,
  type ReferenceRecord,
  type ReferenceRow,
} from '../../projections/contest-scoreboards/reference-scoreboard.fixture';
import {
  contestHistories,
  type ContestHistory,
} from '../../projections/contest-scoreboards/scoreboard-histories.fixture';

/**
 * Properties of a ranking rule as a pure function of a contest's final records (docs/testing.md, "Testing a
 * ranking rule"). A rule kept by a projection gets the projection properties as well (incremental = rebuilt,
 * batch = one by one, the history replay at every event: projection-properties.ts).
 */
export interface BoardFlags {
  readonly sealed: boolean;
  readonly containsEnd: boolean;
}

/** A rule: the board's rows (any order) from the contest and every record, for one view. */
export type RankingRule = (
  contest: ReferenceContest,
  records: readonly ReferenceRecord[],
  view: BoardFlags,
) => readonly Omit<ReferenceRow, 'timeInfo'>[];

/** The plain reading of §2.7 (ACM) or §2.9 (OI) for a contest's type. */
export const referenceRanker: RankingRule = (contest, records, view) =>
  contest.type === 'ACM' ? referenceAcmBoard(contest, records, view) : referenceOiBoard(contest, records, view);

/** First blood is across users, left to the query: rules are compared without `isFirstAC`. */
const withoutFirstBlood = (cells: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(cells).map(([displayId, cell]) => {
      if (cell === null || typeof cell !== 'object') return [displayId, cell];
      const { isFirstAC: _first, ...rest } = cell as { isFirstAC?: boolean };
      return [displayId, rest];
    }),
  );

const comparable = (rows: readonly Omit<ReferenceRow, 'timeInfo'>[]) =>
  [...rows]
    .map(({ userId, ac, totalTime, total, totalScore, cells }) => ({
      userId,
      ac,
      totalTime,
      total,
      totalScore,
      cells: withoutFirstBlood(cells),
    }))
    .sort((a, b) => (a.userId < b.userId ? -1 : 1));

const views: readonly BoardFlags[] = [
  { sealed: false, containsEnd: false },
  { sealed: false, containsEnd: true },
  { sealed: true, containsEnd: false },
];

/** For any history and view, `rule` gives the rows `expected` gives (by default the reference rankers). */
export function expectRuleMatchesReference(
  rule: RankingRule,
  options: {
    readonly expected?: RankingRule;
    readonly histories?: fc.Arbitrary<ContestHistory>;
    numRuns?: number;
  } = {},
): void {
  const expected = options.expected ?? referenceRanker;
  fc.assert(
    fc.property(options.histories ?? contestHistories, fc.constantFrom(...views), (history, view) => {
      // A sealed view of a contest without a seal is not a board (the sealed projections hold no rows for it).
      fc.pre(!view.sealed || history.contest.sealStart !== null);
      expect(comparable(rule(history.contest, history.records, view))).toEqual(
        comparable(expected(history.contest, history.records, view)),
      );
    }),
    { numRuns: options.numRuns ?? 200 },
  );
}

/**
 * Sealed = live before the seal: while no record has been submitted at or after the seal, the sealed board is
 * the live board (the seal hides only what comes after it, and only until the end).
 */
export function expectSealedEqualsLiveBeforeSeal(
  rule: RankingRule,
  options: { readonly histories?: fc.Arbitrary<ContestHistory>; numRuns?: number } = {},
): void {
  fc.assert(
    fc.property(options.histories ?? contestHistories, (history) => {
      const sealStart = history.contest.sealStart;
      fc.pre(sealStart !== null);
      const before = history.records.filter((record) => record.time < (sealStart ?? 0));
      expect(comparable(rule(history.contest, before, { sealed: true, containsEnd: false }))).toEqual(
        comparable(rule(history.contest, before, { sealed: false, containsEnd: false })),
      );
    }),
    { numRuns: options.numRuns ?? 200 },
  );
}
