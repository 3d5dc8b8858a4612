import type { RecordedEvent } from '../../store/event-store';
import {
  aContestCreated,
  aContestProblemAdded,
  aSubmissionCreated,
  aSubmissionJudged,
  someContestSettings,
} from '../../testing';
import { byBoardOrder, replayAt, replayCheckpoints, replayedRows } from './board-replay';

/**
 * `npm run bench -- history fold`: the fold side of the board at any instant, in memory (the events' read from
 * the store is not in these figures): a 10,000-user, 13-problem ACM contest with 200,000 judged submissions
 * (400,014 events); the checkpoints built once (the first ask), then the board (rows, ranked order) at random
 * positions, and the scrubbing that follows (a minute later each time).
 */
export async function runBoardHistoryBench(): Promise<Record<string, unknown>> {
  const users = 10_000;
  const problems = 13;
  const submissions = 200_000;
  const durationSeconds = 5 * 3600;
  const startMs = Date.parse('2026-01-10T10:00:00.000Z');
  const at = (seconds: number) => new Date(startMs + seconds * 1000).toISOString();
  const events: RecordedEvent[] = [];
  let position = 0n;
  const push = (stream: string, type: string, data: unknown, seconds: number) => {
    position += 1n;
    events.push({
      id: String(position),
      stream,
      type,
      data,
      metadata: {},
      revision: 0n,
      position,
      recordedAt: at(seconds),
    });
  };
  const settings = someContestSettings({
    startAt: at(0),
    endAt: at(durationSeconds),
    durationSeconds,
    sealRank: false,
  });
  push('contest-1', 'ContestCreated', aContestCreated({ contestId: 1, type: 'ACM', settings }), -60);
  for (let index = 0; index < problems; index++) {
    const displayId = String.fromCharCode(65 + index);
    push(
      'contest-1',
      'ContestProblemAdded',
      aContestProblemAdded({ contestId: 1, contestProblemId: index + 1, displayId }),
      -60,
    );
  }
  let seed = 13;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let id = 1; id <= submissions; id++) {
    const seconds = Math.floor((id / submissions) * durationSeconds);
    const user = `u${Math.floor(random() * users)}`;
    const problem = 1 + Math.floor(random() * problems);
    push(
      `submission-${id}`,
      'SubmissionCreated',
      aSubmissionCreated({
        submissionId: id,
        userId: user,
        username: user,
        contestId: 1,
        contestProblemId: problem,
        problemId: problem,
        submittedAt: at(seconds),
      }),
      seconds,
    );
    const status = random() < 0.4 ? 'AC' : 'WA';
    push(
      `submission-${id}`,
      'SubmissionJudged',
      aSubmissionJudged({ submissionId: id, attempt: 0, status, score: null, timeMs: 10 }),
      seconds + 1,
    );
  }
  const built = performance.now();
  const checkpoints = replayCheckpoints(1, events, Math.ceil(events.length / 100));
  const buildMs = performance.now() - built;
  const board = (at: bigint) => [...replayedRows(replayAt(checkpoints, at), 'live').values()].sort(byBoardOrder);
  const randomMs: number[] = [];
  const scrubMs: number[] = [];
  for (let round = 0; round < 20; round++) {
    let target = BigInt(Math.floor(random() * events.length));
    let started = performance.now();
    board(target);
    randomMs.push(performance.now() - started);
    for (let step = 0; step < 5; step++) {
      target += BigInt(Math.floor(events.length / (durationSeconds / 60)));
      started = performance.now();
      board(target);
      scrubMs.push(performance.now() - started);
    }
  }
  const quantile = (values: number[], q: number) =>
    [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))] ?? 0;
  return {
    events: events.length,
    checkpointsBuildMs: Math.round(buildMs),
    boardAtRandomPositionMs: { p50: Math.round(quantile(randomMs, 0.5)), p99: Math.round(quantile(randomMs, 0.99)) },
    scrubOneMinuteMs: { p50: Math.round(quantile(scrubMs, 0.5)), p99: Math.round(quantile(scrubMs, 0.99)) },
  };
}
