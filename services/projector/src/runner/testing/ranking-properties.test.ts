import { describe, it } from 'vitest';
import { boardRowOf, type BoardContest, type BoardRecord, type BoardView } from '@oj/events/folds';
import {
  expectRuleMatchesReference,
  expectSealedEqualsLiveBeforeSeal,
  referenceRanker,
  type RankingRule,
} from './ranking-properties';

// The worked example of docs/testing.md ("Testing a ranking rule"): the boards' own rule (boardRowOf, one
// user's row from that user's records) put in the shape of a RankingRule, then the properties applied to it.
const startMs = Date.parse('2026-01-10T10:00:00.000Z');
const at = (seconds: number) => new Date(startMs + seconds * 1000).toISOString();

const boardRule: RankingRule = (contest, records, flags) => {
  const displayIds = [...new Set(records.map((record) => record.displayId))].sort();
  const board: BoardContest = {
    type: contest.type,
    startAt: at(0),
    endAt: at(contest.durationSeconds),
    durationSeconds: contest.durationSeconds,
    sealRank: contest.sealStart !== null,
    sealRankAt: contest.sealStart === null ? null : at(contest.sealStart),
    oiRankScoreType: contest.scoreType,
    displayIds: Object.fromEntries(displayIds.map((displayId, index) => [String(index + 1), displayId])),
  };
  const view: BoardView = flags.sealed ? 'sealed' : flags.containsEnd ? 'liveWithEnd' : 'live';
  const users = [...new Set(records.map((record) => record.userId))];
  return users.flatMap((userId) => {
    const mine: BoardRecord[] = records
      .filter((record) => record.userId === userId)
      .map((record) => ({
        submissionId: record.submissionId,
        contestProblemId: displayIds.indexOf(record.displayId) + 1,
        submittedAt: at(record.time),
        status: record.status,
        score: record.score,
        useTimeMs: record.useTimeMs,
      }));
    const row = boardRowOf(board, mine, view);
    return row
      ? [
          {
            userId,
            ac: row.ac,
            totalTime: row.totalTime,
            total: row.total,
            totalScore: row.totalScore,
            cells: row.submissionInfo,
          },
        ]
      : [];
  });
};

describe('ranking rule properties', () => {
  it('the boards rule gives the reference rows on every view', () => {
    expectRuleMatchesReference(boardRule);
  });

  it('sealed = live before the seal, for the boards rule and the reference rankers', () => {
    expectSealedEqualsLiveBeforeSeal(boardRule);
    expectSealedEqualsLiveBeforeSeal(referenceRanker);
  });

  it('catches a rule that breaks the reading: a penalty of 20 s instead of 20 min', () => {
    const cheap: RankingRule = (contest, records, flags) =>
      boardRule(contest, records, flags).map((row) => ({
        ...row,
        totalTime:
          contest.type === 'ACM'
            ? Object.values(row.cells).reduce<number>((time, cell) => {
                const acm = cell as { isAC?: boolean; ACTime?: number; errorNum: number };
                return time + (acm.isAC ? (acm.ACTime ?? 0) + 20 * acm.errorNum : 0);
              }, 0)
            : row.totalTime,
      }));
    let failed = false;
    try {
      expectRuleMatchesReference(cheap);
    } catch {
      failed = true;
    }
    if (!failed) throw new Error('a 20-second penalty went unnoticed');
  });
});
