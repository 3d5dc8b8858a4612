import { randomUUID } from 'node:crypto';
import type { SubmissionJudged } from '../catalogue/submission';
import type { EventStore, RecordedEvent } from '../store/event-store';
import { contestStream, submissionStream } from '../streams';
import { aContestCreated, aContestProblemAdded, someContestSettings } from './contest-builders';
import { aSubmissionCreated, aSubmissionJudged } from './submission-builders';

/**
 * The benches' contest (issue 13, issue 14): by default 10,000 users, 13 problems and 200,000 judged submissions of
 * one five-hour ACM contest (400,014 events). The scoreboard, CCS feed, board-history and API benches all build it
 * here; they differ only in the options below (where the runs fall, their ids, how they are spread).
 */
export const benchContestId = 1;
export const benchContestSeconds = 5 * 3600;

/** One run of the contest: which user (0-based), which problem (1-based) and its verdict. */
export interface BenchRun {
  readonly user: number;
  readonly problem: number;
  readonly status: SubmissionJudged['status'];
}
export type BenchSpread = (index: number, contest: { contestants: number; problems: number }) => BenchRun;

/**
 * Fixed strides: users by 7919 and problems by 31 (both prime to the defaults, so every user and problem gets its
 * share), and the verdict by the run's last digit (30 % AC, 50 % WA, 20 % CE). The API bench's bulk SQL
 * (tests/bench/api-load/api-load-seed.ts) writes the same runs as rows with the same strides.
 */
export const strideSpread: BenchSpread = (index, { contestants, problems }) => ({
  user: (index * 7919) % contestants,
  problem: ((index * 31) % problems) + 1,
  status: index % 10 < 3 ? 'AC' : index % 10 < 8 ? 'WA' : 'CE',
});

/** Draws from `random` (the caller's seeded generator): the user, the problem, then AC with 40 % chance, else WA. */
export const seededSpread =
  (random: () => number): BenchSpread =>
  (_index, { contestants, problems }) => ({
    user: Math.floor(random() * contestants),
    problem: 1 + Math.floor(random() * problems),
    status: random() < 0.4 ? 'AC' : 'WA',
  });

export interface BenchContestOptions {
  readonly contestants?: number;
  readonly problems?: number;
  readonly submissions?: number;
  /** When the contest starts (default 2026-01-10T10:00Z); every event is recorded at that instant. */
  readonly startMs?: number;
  /** The time the runs are spread over from the start (default the whole five hours). */
  readonly spanMs?: number;
  /** Run n has id firstSubmissionId + n (n from 1). */
  readonly firstSubmissionId?: number;
  /** Left out of the board, as the query service leaves out the contest's creator. */
  readonly createdBy?: string;
  readonly title?: string;
  readonly spread?: BenchSpread;
}

/** The contest's events in store order: created, its problems A, B, …, then each run's SubmissionCreated and verdict. */
export function benchContestHistory(options: BenchContestOptions = {}): RecordedEvent[] {
  const {
    contestants = 10_000,
    problems = 13,
    submissions = 200_000,
    startMs = Date.parse('2026-01-10T10:00:00.000Z'),
    spanMs = benchContestSeconds * 1000,
    firstSubmissionId = 0,
    createdBy = 'creator',
    spread = strideSpread,
  } = options;
  let position = 0n;
  const recorded = (stream: string, type: string, data: unknown, revision = 0n): RecordedEvent => ({
    id: randomUUID(),
    stream,
    type,
    data,
    revision,
    position: ++position,
    metadata: {},
    recordedAt: new Date(startMs).toISOString(),
  });
  const settings = someContestSettings({
    ...(options.title === undefined ? {} : { title: options.title }),
    startAt: new Date(startMs).toISOString(),
    endAt: new Date(startMs + benchContestSeconds * 1000).toISOString(),
    durationSeconds: benchContestSeconds,
  });
  const contest = contestStream(benchContestId);
  const events = [
    recorded(contest, 'ContestCreated', aContestCreated({ contestId: benchContestId, createdBy, settings })),
  ];
  for (let index = 1; index <= problems; index++) {
    const displayId = String.fromCharCode(64 + index);
    const data = aContestProblemAdded({
      contestId: benchContestId,
      contestProblemId: index,
      problemId: index,
      displayId,
    });
    events.push(recorded(contest, 'ContestProblemAdded', data, BigInt(index)));
  }
  for (let index = 1; index <= submissions; index++) {
    const submissionId = firstSubmissionId + index;
    const run = spread(index, { contestants, problems });
    const userId = `u${run.user}`;
    const created = aSubmissionCreated({
      submissionId,
      userId,
      username: userId,
      contestId: benchContestId,
      contestProblemId: run.problem,
      problemId: run.problem,
      submittedAt: new Date(startMs + Math.floor((index / submissions) * spanMs)).toISOString(),
    });
    events.push(recorded(submissionStream(submissionId), 'SubmissionCreated', created));
    const judged = aSubmissionJudged({ submissionId, status: run.status });
    events.push(recorded(submissionStream(submissionId), 'SubmissionJudged', judged, 1n));
  }
  return events;
}

/** What a projection's rebuild reads: the generated history, page by page (nothing else of a store is used by it). */
export function rebuildSourceOf(events: readonly RecordedEvent[]): EventStore {
  const unused = () => Promise.reject(new Error('not used by a rebuild'));
  return {
    readAll: async (options = {}) => {
      const from = events.findIndex((event) => event.position > (options.fromPosition ?? 0n));
      return from === -1 ? [] : events.slice(from, from + (options.maxCount ?? events.length));
    },
    append: unused,
    readStream: unused,
    subscribeAll: () => {
      throw new Error('not used by a rebuild');
    },
    headPosition: async () => events.at(-1)?.position ?? 0n,
    close: async () => undefined,
  };
}
