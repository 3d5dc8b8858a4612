import { parseArgs } from 'node:util';
import { createEventStore } from '@oj/events';
import {
  byBoardOrder,
  emptyReplay,
  replayAll,
  replayedRows,
  replayedUsernames,
  type BoardView,
  type ReplayedContest,
} from '@oj/events/folds';
import { loadProjectorConfig } from './config';

// `npm run replay -- contest <cid> --at <ISO instant> [--position <p>] [--view live|liveWithEnd|sealed] [--json]`:
// the board of a contest as it stood at a past instant (or event position), folded from the events alone
// (@oj/events/folds, the projector's own steps), never from today's read model. Read-only.
const usage =
  'usage: npm run replay -- contest <cid> [--at <ISO instant>] [--position <p>] [--view live|liveWithEnd|sealed] [--json]';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    at: { type: 'string' },
    position: { type: 'string' },
    view: { type: 'string', default: 'live' },
    json: { type: 'boolean', default: false },
  },
});
const [kind, cidText] = positionals;
const contestId = Number(cidText);
const at = values.at === undefined ? null : new Date(values.at);
const view = values.view as BoardView;
if (
  kind !== 'contest' ||
  !Number.isInteger(contestId) ||
  contestId <= 0 ||
  (at !== null && Number.isNaN(at.getTime())) ||
  (values.position !== undefined && !/^\d+$/.test(values.position)) ||
  !['live', 'liveWithEnd', 'sealed'].includes(view)
) {
  console.error(usage);
  process.exit(2);
}
const upTo = values.position === undefined ? undefined : BigInt(values.position);

const config = loadProjectorConfig();
const store = await createEventStore({ databaseUrl: config.databaseUrl, eventStoreUrl: config.eventStoreUrl });
try {
  const state = await replayContest(contestId, at, upTo);
  if (!state.contest) {
    console.error(`contest ${contestId} did not exist at position ${state.position}`);
    process.exitCode = 1;
  } else {
    print(state);
  }
} finally {
  await store.close();
}

/** Reads `$all` in pages up to the instant and the position, folding only what concerns the contest. */
async function replayContest(id: number, instant: Date | null, bound: bigint | undefined): Promise<ReplayedContest> {
  let state = emptyReplay(id);
  let from = 0n;
  for (;;) {
    const page = await store.readAll({ fromPosition: from, upTo: bound, maxCount: 5000 });
    const cut = instant === null ? -1 : page.findIndex((event) => Date.parse(event.recordedAt) > instant.getTime());
    state = replayAll(state, cut === -1 ? page : page.slice(0, cut));
    if (cut !== -1) return state;
    const last = page.at(-1);
    if (!last) return state;
    from = last.position;
  }
}

function print(state: ReplayedContest) {
  const names = replayedUsernames(state);
  const rows = [...replayedRows(state, view)].sort(([, a], [, b]) => byBoardOrder(a, b));
  const type = state.contest?.type;
  // Same keys, same rank ("1, 1, 3", §2.7/§2.9); star users and awards are the query's and are not applied here.
  let rank = 0;
  const ranked = rows.map(([userId, row], index) => {
    const previous = rows[index - 1]?.[1];
    const tied =
      previous &&
      previous.totalTime === row.totalTime &&
      (type === 'ACM' ? previous.ac === row.ac : previous.totalScore === row.totalScore);
    if (!tied) rank = index + 1;
    return { rank, userId, username: names.get(userId) ?? userId, ...row };
  });
  if (values.json) {
    console.log(JSON.stringify({ contestId: state.contestId, position: String(state.position), view, rows: ranked }));
    return;
  }
  console.log(`contest ${state.contestId} (${type}), ${view} board as of event position ${state.position}`);
  for (const row of ranked) {
    const score =
      type === 'ACM' ? `${row.ac} solved, ${row.totalTime} s` : `${row.totalScore} points, ${row.totalTime} ms`;
    const cells = Object.entries(row.submissionInfo)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([displayId, cell]) => `${displayId}:${cellText(cell)}`)
      .join(' ');
    console.log(`${String(row.rank).padStart(4)}  ${row.username.padEnd(20)} ${score.padEnd(22)} ${cells}`);
  }
}

function cellText(cell: unknown): string {
  if (cell === null || typeof cell !== 'object') return String(cell);
  const acm = cell as { isAC?: boolean; ACTime?: number; errorNum: number; tryNum?: number };
  const tries = acm.tryNum ? `?${acm.tryNum}` : '';
  return acm.isAC ? `+${acm.errorNum || ''}@${acm.ACTime}${tries}` : `-${acm.errorNum}${tries}`;
}
