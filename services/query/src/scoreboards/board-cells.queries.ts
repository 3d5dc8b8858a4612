import { sql, type Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { scoreboardTablePrefix, scoreboardTables } from '@oj/read-models/names';
import type { ContestRow } from '../contests/contests.queries';

/** The cells of board rows (a problem's attempts, time or score), with first blood from the solved table. */

type Db = Kysely<Database>;

export interface BoardChoice {
  readonly sealed: boolean;
  readonly containsEnd: boolean;
}

/** The tables and view a board choice reads. */
export const boardOf = (contest: { readonly type: 'ACM' | 'OI' }, choice: BoardChoice) => ({
  tables: scoreboardTables(scoreboardTablePrefix(contest.type, choice.sealed)),
  view: choice.sealed ? 'sealed' : choice.containsEnd ? 'liveWithEnd' : 'live',
});

/** The cells of some users' rows, with first blood set on ACM cells from the solved table. */
export async function readBoardCells(
  db: Db,
  contest: { readonly contestId: number; readonly type: 'ACM' | 'OI' },
  choice: BoardChoice,
  userIds: readonly string[],
  excludedUserIds: readonly string[],
): Promise<Map<string, { submissionInfo: Record<string, unknown>; timeInfo: Record<string, number> | null }>> {
  if (userIds.length === 0) return new Map();
  const { tables, view } = boardOf(contest, choice);
  // One round trip: the rows' cells and, for the problems they solved, the earliest AC second (first blood),
  // excluded users skipped, one index probe per display id.
  const { rows } = await sql<{
    user_id: string | null;
    submission_info: Record<string, unknown> | null;
    time_info: Record<string, number> | null;
    display_id: string | null;
    ac_time: number | null;
  }>`WITH cells AS (SELECT user_id, submission_info, time_info FROM ${sql.table(tables.rows)}
      WHERE contest_id = ${contest.contestId} AND view = ${view} AND user_id = ANY(${[...new Set(userIds)]}::text[]))
    SELECT user_id, submission_info, time_info, NULL AS display_id, NULL::int AS ac_time FROM cells
    UNION ALL
    SELECT NULL, NULL, NULL, solved.display_id, (SELECT s.ac_time FROM ${sql.table(tables.solved)} s
        WHERE s.contest_id = ${contest.contestId} AND s.view = ${view} AND s.display_id = solved.display_id
          AND s.user_id <> ALL(${[...excludedUserIds]}::text[])
        ORDER BY s.ac_time LIMIT 1)
    FROM (SELECT DISTINCT cell.key FROM cells, jsonb_each(cells.submission_info) AS cell
        WHERE ${contest.type === 'ACM'} AND jsonb_typeof(cell.value) = 'object' AND cell.value->>'isAC' = 'true')
      AS solved(display_id)`.execute(db);
  const firstAc = new Map(
    rows.flatMap((row) =>
      row.display_id !== null && row.ac_time !== null ? [[row.display_id, row.ac_time] as const] : [],
    ),
  );
  return new Map(
    rows.flatMap((row) =>
      row.user_id !== null && row.submission_info !== null
        ? [
            [
              row.user_id,
              {
                submissionInfo:
                  contest.type === 'ACM' ? withFirstBlood(row.submission_info, firstAc) : row.submission_info,
                timeInfo: row.time_info,
              },
            ] as const,
          ]
        : [],
    ),
  );
}

/** §2.7: the first AC of a problem, or any AC in the same second, is first blood. */
export function withFirstBlood(cells: Record<string, unknown>, firstAc: ReadonlyMap<string, number>) {
  return Object.fromEntries(
    Object.entries(cells).map(([displayId, value]) => {
      const cell = value as { isAC?: boolean; ACTime?: number };
      return [displayId, cell.isAC ? { ...cell, isFirstAC: cell.ACTime === firstAc.get(displayId) } : cell];
    }),
  );
}

/** Users per cell read: well under Postgres's 65,535 bind parameters. */
const usersPerCellRead = 1000;

/** Every row's cells of a board (the spreadsheet shows them all), read in batches of users. */
export async function everyBoardCell(
  db: Db,
  contest: ContestRow,
  choice: BoardChoice,
  userIds: readonly string[],
  excludedUserIds: readonly string[],
): Promise<Awaited<ReturnType<typeof readBoardCells>>> {
  const cells: Awaited<ReturnType<typeof readBoardCells>> = new Map();
  for (let start = 0; start < userIds.length; start += usersPerCellRead) {
    const batch = userIds.slice(start, start + usersPerCellRead);
    for (const [userId, cell] of await readBoardCells(db, contest, choice, batch, excludedUserIds)) {
      cells.set(userId, cell);
    }
  }
  return cells;
}
