import type { AppliedResult, RecordedEvent } from '@oj/events';
import {
  byBoardOrder,
  replayAfter,
  replayedRows,
  replayedUsernames,
  type BoardRow,
  type ReplayedContest,
} from '@oj/events/folds';
import type { BoardMove } from '@oj/contracts';
import { rankEntries, type BoardEntry, type RankSettings } from '../scoreboards/scoreboard-ranking';

/**
 * The board before and after a staged rejudge (issue 13 item 4), pure: "after" is the contest's fold with one
 * more event, the RejudgingApplied the rejudging would append now, so the diff is computed by the very fold that
 * moves the boards when it is applied (@oj/events/folds), never by a second reading of the rules.
 */
export interface BoardDiff {
  readonly moves: BoardMove[];
  readonly firstBlood: { displayId: string; before: string | null; after: string | null }[];
}

const profileless = { realname: null, nickname: null, school: null, gender: null, avatar: null };

function ranked(state: ReplayedContest, excluded: ReadonlySet<string>, settings: RankSettings) {
  const rows = [...replayedRows(state, 'live')].filter(([userId]) => !excluded.has(userId));
  rows.sort(([, a], [, b]) => byBoardOrder(a, b));
  const names = replayedUsernames(state);
  const entries: BoardEntry[] = rows.map(([userId, row]) => ({
    uid: userId,
    username: names.get(userId) ?? userId,
    ...profileless,
    ac: row.ac,
    totalScore: row.totalScore,
    totalTime: row.totalTime,
    total: row.total,
    submissionInfo: row.submissionInfo,
    timeInfo: row.timeInfo,
  }));
  return { entries: new Map(rankEntries(entries, settings).map((entry) => [entry.uid, entry])), rows, names };
}

/** Who solved each problem first (ACM): the smallest solve time, board order among equals. */
function firstSolvers(rows: readonly (readonly [string, BoardRow])[], names: ReadonlyMap<string, string>) {
  const first = new Map<string, { time: number; username: string }>();
  for (const [userId, row] of rows) {
    for (const { displayId, acTime } of row.solved) {
      const held = first.get(displayId);
      if (!held || acTime < held.time) first.set(displayId, { time: acTime, username: names.get(userId) ?? userId });
    }
  }
  return first;
}

/** The RejudgingApplied the rejudging would append now, one position after the fold's last event. */
export function appliedEventAfter(state: ReplayedContest, results: readonly AppliedResult[]): RecordedEvent {
  return {
    id: 'staged-rejudging-preview',
    stream: 'rejudging-preview',
    type: 'RejudgingApplied',
    revision: 0n,
    position: state.position + 1n,
    recordedAt: new Date(0).toISOString(),
    metadata: {},
    data: {
      rejudgingId: '00000000-0000-4000-8000-000000000000',
      contestIds: [state.contestId],
      results,
      skipped: [],
      appliedBy: 'preview',
      appliedAt: new Date(0).toISOString(),
    },
  };
}

/** The board a staged rejudging would give if applied now. */
export const previewApplied = (before: ReplayedContest, results: readonly AppliedResult[]): ReplayedContest =>
  replayAfter(before, appliedEventAfter(before, results));

/** Each user's rank, solved count or score, penalty and award, and each problem's first solver, before and after. */
export function boardDiff(
  before: ReplayedContest,
  after: ReplayedContest,
  excludedUserIds: readonly string[],
  settings: RankSettings,
): BoardDiff {
  const excluded = new Set(excludedUserIds);
  const old = ranked(before, excluded, settings);
  const next = ranked(after, excluded, settings);
  const side = (entry: ReturnType<typeof old.entries.get>) =>
    entry
      ? {
          rank: entry.rank,
          ac: entry.ac,
          score: entry.totalScore,
          penalty: entry.totalTime,
          award: entry.awardName,
        }
      : null;
  const userIds = [...new Set([...next.entries.keys(), ...old.entries.keys()])];
  const moves = userIds
    .map((uid) => ({
      uid,
      username: next.names.get(uid) ?? old.names.get(uid) ?? uid,
      before: side(old.entries.get(uid)),
      after: side(next.entries.get(uid)),
    }))
    .sort((a, b) => (a.after?.rank ?? Infinity) - (b.after?.rank ?? Infinity) || a.uid.localeCompare(b.uid));
  const firstBefore = firstSolvers(old.rows, old.names);
  const firstAfter = firstSolvers(next.rows, next.names);
  const displayIds = [...new Set([...firstBefore.keys(), ...firstAfter.keys()])].sort();
  const firstBlood = displayIds.map((displayId) => ({
    displayId,
    before: firstBefore.get(displayId)?.username ?? null,
    after: firstAfter.get(displayId)?.username ?? null,
  }));
  return { moves, firstBlood };
}
