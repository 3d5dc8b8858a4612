// eslint-disable-next-line no-restricted-imports -- a bench beside the fold, not the fold: it prints the machine's load with its figures
import { loadavg } from 'node:os';
import type { RecordedEvent } from '../../store/event-store';
import { benchContestHistory, benchContestSeconds, seededSpread } from '../../testing';
import { boardTimeline } from './board-timeline';
import { timelineBoardAt } from './timeline-boards';

/**
 * `npm run bench -- history fold`: the fold side of the board at any instant, in memory (the events' read from
 * the store is `npm run bench -- history store`): a 10,000-user, 13-problem ACM contest with 200,000 judged
 * submissions (400,014 events); the timeline folded once (the first ask), then the board (rows in board order)
 * at random positions, and the scrubbing that follows: one, two and three minutes later, then one, two and three
 * minutes earlier than the random position (each a position not asked before, so none is served as it was kept).
 */
export async function runBoardHistoryBench(): Promise<Record<string, unknown>> {
  const loadBefore = loadavg();
  const { timeline, eventCount, buildMs, durationSeconds, random } = foldedHistory();
  const board = (at: bigint) => timelineBoardAt(timeline, at, 'live').order;
  const randomMs: number[] = [];
  const scrubMs: number[] = [];
  const minute = BigInt(Math.floor(eventCount / (durationSeconds / 60)));
  for (let round = 0; round < 20; round++) {
    const start = BigInt(Math.floor(random() * eventCount));
    let started = performance.now();
    board(start);
    randomMs.push(performance.now() - started);
    for (let step = 0; step < 6; step++) {
      const target = step < 3 ? start + BigInt(step + 1) * minute : start - BigInt(step - 2) * minute;
      started = performance.now();
      board(target);
      scrubMs.push(performance.now() - started);
    }
  }
  const quantile = (values: number[], q: number) =>
    [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))] ?? 0;
  const figure = (values: number[], targetMs: number) =>
    `p50 ${Math.round(quantile(values, 0.5))} ms, p99 ${Math.round(quantile(values, 0.99))} ms (target p99 < ${targetMs} ms)`;
  return {
    events: eventCount,
    timelineFoldMs: Math.round(buildMs),
    boardAtRandomPosition: figure(randomMs, 1000),
    scrubOneMinuteLaterOrEarlier: figure(scrubMs, 100),
    loadavgBeforeAndAfter: [loadBefore, loadavg()]
      .map((loads) => loads.map((load) => load.toFixed(2)).join(' '))
      .join(' / '),
  };
}

/**
 * The bench's contest folded into a timeline (the first ask of a contest). The events are dropped once folded, as
 * the query drops the ones it reads: kept, they would double the heap the collector walks while scrubbing.
 */
function foldedHistory() {
  const { events, durationSeconds, random } = contestHistory();
  const built = performance.now();
  const timeline = boardTimeline(1, events);
  return { timeline, eventCount: events.length, buildMs: performance.now() - built, durationSeconds, random };
}

/** The bench's contest: its events in order, its length, and the seeded generator that spread its runs (for targets). */
export function contestHistory(): { events: RecordedEvent[]; durationSeconds: number; random: () => number } {
  let seed = 13;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const events = benchContestHistory({ spread: seededSpread(random) });
  return { events, durationSeconds: benchContestSeconds, random };
}
