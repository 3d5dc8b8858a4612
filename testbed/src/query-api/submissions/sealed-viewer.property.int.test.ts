/* eslint-disable max-lines -- the freeze property's world generator, its ~40 reads and their comparison are one property. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import { contestStream, problemStream, submissionStream, type ContestSettings } from '@oj/events';
import {
  aCaseJudged,
  aContestCreated,
  aContestProblemAdded,
  aContestantRegistered,
  aProblemCreated,
  aProblemDefinition,
  aSubmissionCreated,
  aSubmissionJudged,
  someContestSettings,
} from '@oj/events/testing';
import type { Clock } from '@oj/platform';
import { startQueryApi, type QueryApiHarness, type TestEvent } from '../query-api-harness';
import { registeredUsers, uidOf as uid } from '../query-api-seeding';

/**
 * The freeze as a property of the whole read side: for a random world (contests ACM or OI, sealed or not,
 * public, private or invisible; submissions; a viewer who is no contest admin; an instant), flip the verdict of
 * every row that viewer may not learn, and everything every read endpoint answers them must stay the same.
 * Hidden rows: others' (and, in OI, their own) rows made at or after the seal while the board is sealed for
 * them, and the rows of others in a contest they may not enter and whose board is not open to them.
 */

const participants = ['u0', 'u1', 'u2'] as const;
const hour = 3600_000;
const start = Date.parse('2026-01-10T10:00:00.000Z');
const end = start + 5 * hour;
const iso = (at: number) => new Date(at).toISOString();

interface WorldContest {
  readonly contestId: number;
  readonly type: 'ACM' | 'OI';
  readonly auth: 0 | 1;
  readonly visible: boolean;
  readonly openRank: boolean;
  readonly sealAfterMs: number | null;
  readonly autoRealRank: boolean;
  readonly registered: readonly boolean[];
}

interface WorldSubmission {
  readonly submissionId: number;
  readonly contestId: number;
  readonly user: number;
  readonly atMs: number;
  readonly isAccepted: boolean;
}

interface World {
  readonly contests: readonly WorldContest[];
  readonly submissions: readonly WorldSubmission[];
  readonly viewer: number | null;
  readonly nowMs: number;
}

const contestArbitrary = (contestId: number) =>
  fc.record({
    contestId: fc.constant(contestId),
    type: fc.constantFrom('ACM' as const, 'OI' as const),
    auth: fc.constantFrom(0 as const, 0 as const, 1 as const),
    visible: fc.constantFrom(true, true, true, false),
    openRank: fc.boolean(),
    sealAfterMs: fc.option(
      fc.integer({ min: 1, max: 4 }).map((hours) => hours * hour),
      { nil: null, freq: 5 },
    ),
    autoRealRank: fc.boolean(),
    registered: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  });

const worldArbitrary: fc.Arbitrary<World> = fc
  .record({
    contests: fc.tuple(contestArbitrary(1), contestArbitrary(2)),
    // Mostly inside or after the contest, where seals apply; now and then before it starts.
    nowMs: fc.integer({ min: -30, max: 7 * 60 }).map((minutes) => start + minutes * 60_000),
    viewer: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null, freq: 5 }),
    rows: fc.array(
      fc.record({
        contestId: fc.constantFrom(1, 2),
        user: fc.integer({ min: 0, max: 2 }),
        /** Where between the start and now the row was made, in percent (doubles cluster at 0 and 1). */
        percent: fc.integer({ min: 0, max: 100 }),
        isAccepted: fc.boolean(),
      }),
      { minLength: 2, maxLength: 8 },
    ),
  })
  .map(({ contests, nowMs, viewer, rows }) => ({
    contests,
    nowMs,
    viewer,
    // Rows from the start up to now (after the end too: the board may take after-contest rows).
    submissions: rows.map((row, index) => ({
      submissionId: index + 1,
      contestId: row.contestId,
      user: row.user,
      atMs: start + Math.floor((row.percent / 100) * Math.max(0, nowMs - start)),
      isAccepted: row.isAccepted,
    })),
  }));

/** Whether the board is sealed for a non-admin at `nowMs` (§2.10), and from which instant rows are hidden. */
function sealedFrom(contest: WorldContest, nowMs: number): number | null {
  if (contest.sealAfterMs === null) return null;
  const sealAt = start + contest.sealAfterMs;
  const isSealed = (sealAt < nowMs && nowMs < end) || (nowMs > end && !contest.autoRealRank);
  return isSealed ? sealAt : null;
}

/** The rows whose verdict the viewer may not learn. */
function hiddenRows(world: World): Set<number> {
  const hidden = new Set<number>();
  for (const row of world.submissions) {
    const contest = world.contests.find((one) => one.contestId === row.contestId);
    if (!contest) continue;
    const isOwn = row.user === world.viewer;
    const mayEnter =
      contest.visible &&
      world.viewer !== null &&
      world.nowMs >= start &&
      (contest.auth === 0 || contest.registered[world.viewer] === true);
    const boardOpen = contest.visible && contest.openRank && world.nowMs >= start;
    if (!isOwn && !mayEnter && !boardOpen) hidden.add(row.submissionId);
    const from = sealedFrom(contest, world.nowMs);
    if (from !== null && row.atMs >= from && (!isOwn || contest.type === 'OI')) hidden.add(row.submissionId);
  }
  return hidden;
}

function historyOf(world: World, flipped: ReadonlySet<number>): TestEvent[] {
  const users = ['root', 'carla', ...participants];
  const settingsOf = (contest: WorldContest): ContestSettings =>
    someContestSettings({
      auth: contest.auth,
      password: contest.auth === 1 ? 'secret' : null,
      startAt: iso(start),
      endAt: iso(end),
      openRank: contest.openRank,
      sealRank: contest.sealAfterMs !== null,
      sealRankAt: contest.sealAfterMs === null ? null : iso(start + contest.sealAfterMs),
      autoRealRank: contest.autoRealRank,
    });
  return [
    ...registeredUsers(users),
    {
      stream: problemStream(1),
      ...aProblemCreated({ problemId: 1, definition: aProblemDefinition({ displayId: 'P1' }) }),
    },
    ...world.contests.flatMap((contest): TestEvent[] => [
      {
        stream: contestStream(contest.contestId),
        type: 'ContestCreated',
        data: aContestCreated({
          contestId: contest.contestId,
          type: contest.type,
          createdBy: uid('carla'),
          author: 'carla',
          settings: settingsOf(contest),
        }),
      },
      {
        stream: contestStream(contest.contestId),
        type: 'ContestProblemAdded',
        data: aContestProblemAdded({
          contestId: contest.contestId,
          contestProblemId: contest.contestId,
          problemId: 1,
          displayId: 'A',
        }),
      },
      ...(contest.visible
        ? []
        : [
            {
              stream: contestStream(contest.contestId),
              type: 'ContestVisibilityChanged',
              data: { contestId: contest.contestId, visible: false, changedBy: uid('carla'), changedAt: iso(start) },
            },
          ]),
      ...participants.flatMap((username, index) =>
        contest.registered[index]
          ? [
              {
                stream: contestStream(contest.contestId),
                type: 'ContestantRegistered',
                data: aContestantRegistered({ contestId: contest.contestId, userId: uid(username), username }),
              },
            ]
          : [],
      ),
    ]),
    ...world.submissions.flatMap((row): TestEvent[] => {
      const contest = world.contests.find((one) => one.contestId === row.contestId);
      const isAccepted = flipped.has(row.submissionId) ? !row.isAccepted : row.isAccepted;
      const status = isAccepted ? 'AC' : 'WA';
      const score = contest?.type === 'OI' ? (isAccepted ? 100 : 0) : null;
      const stream = submissionStream(row.submissionId);
      const username = participants[row.user] ?? 'u0';
      return [
        {
          stream,
          type: 'SubmissionCreated',
          data: aSubmissionCreated({
            submissionId: row.submissionId,
            userId: uid(username),
            username,
            problemId: 1,
            problemDisplayId: 'P1',
            contestId: row.contestId,
            contestProblemId: row.contestId,
            submittedAt: iso(row.atMs),
          }),
        },
        { stream, type: 'CaseJudged', data: aCaseJudged({ submissionId: row.submissionId, status, score }) },
        {
          stream,
          type: 'SubmissionJudged',
          data: aSubmissionJudged({
            submissionId: row.submissionId,
            status,
            score,
            oiRankScore: score,
            timeMs: isAccepted ? 15 : 999,
            memoryKib: isAccepted ? 2048 : 4096,
            judgedAt: iso(row.atMs + 1000),
          }),
        },
      ];
    }),
  ];
}

/**
 * Fields that differ between the two worlds and tell nothing: `gmtModified` is when the projector wrote the row;
 * the CCS feed's `token` is the event's global position and a judgement's start and end are when its events were
 * recorded (`time`, `contest_time` of a feed line too), all later in the second world.
 */
const writeTimeFields = new Set([
  'gmtModified',
  // The board at an instant answers the global positions it was folded to: later in the second world too.
  'position',
  'headPosition',
  'token',
  'time',
  'contest_time',
  'start_time',
  'end_time',
  'start_contest_time',
  'end_contest_time',
]);

function withoutWriteTimes(value: unknown): unknown {
  if (typeof value === 'string' && value.includes('\n')) {
    // The CCS event feed answers NDJSON: compare it line by line.
    try {
      return value
        .trim()
        .split('\n')
        .map((line) => withoutWriteTimes(JSON.parse(line) as unknown));
    } catch {
      return value;
    }
  }
  if (Array.isArray(value)) return value.map(withoutWriteTimes);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, field]) =>
      writeTimeFields.has(key) ? [] : [[key, withoutWriteTimes(field)]],
    ),
  );
}

describe('the freeze over every read endpoint', () => {
  let api: QueryApiHarness;
  let current = start;
  const clock: Clock = { now: () => new Date(current) };

  beforeAll(async () => {
    api = await startQueryApi(inject('databaseUrl'), { history: [], clock });
  });
  afterAll(() => api?.close());

  /** Everything the viewer is answered by every read that can show a contest row or anything derived from one. */
  async function everythingSeenBy(world: World): Promise<unknown[]> {
    const as = world.viewer === null ? null : uid(participants[world.viewer] ?? 'u0');
    const ids = world.submissions.map((row) => row.submissionId);
    const call = async (url: string, payload?: object) => {
      const reply = await api.inject({ method: payload ? 'POST' : 'GET', url: `/api/${url}`, payload, as });
      const isJson = String(reply.headers['content-type'] ?? '').includes('application/json');
      return [url, reply.statusCode, withoutWriteTimes(isJson ? reply.json() : reply.body)];
    };
    const perContest = world.contests.flatMap(({ contestId: cid }) => [
      call('check-contest-submissions-status', { cid, submitIds: ids }),
      call(`contest-submissions?contestID=${cid}&currentPage=1&limit=50`),
      call(`contest-submissions?contestID=${cid}&currentPage=1&limit=50&containsEnd=true`),
      call('get-contest-rank', { cid, currentPage: 1, limit: 50 }),
      call('get-contest-rank', { cid, currentPage: 1, limit: 50, forceRefresh: true, containsEnd: true }),
      call('get-contest-outside-scoreboard', { cid, currentPage: 1, limit: 50 }),
      // The board at an instant (issue 13), folded from the events up to the head (by an instant, by a position).
      call('get-contest-rank', { cid, currentPage: 1, limit: 50, at: '2100-01-01T00:00:00Z' }),
      call('get-contest-rank', { cid, currentPage: 1, limit: 50, containsEnd: true, position: '999999999' }),
      call('get-contest-outside-scoreboard', { cid, currentPage: 1, limit: 50, at: '2100-01-01T00:00:00Z' }),
      call(`get-contest-problem?cid=${cid}`),
      call(`get-contest-problem?cid=${cid}&containsEnd=true`),
      call(`get-contest-problem-details?cid=${cid}&displayId=A&containsEnd=true`),
      call('get-user-problem-status', { pidList: [1], isContestProblemList: true, cid, containsEnd: true }),
      call(`get-full-screen-problem-list?cid=${cid}`),
      // The ICPC Contest API: the spec's public role must learn no more than the sealed board either.
      call(`ccs/contests/${cid}/submissions`),
      call(`ccs/contests/${cid}/judgements`),
      call(`ccs/contests/${cid}/runs`),
      call(`ccs/contests/${cid}/scoreboard`),
      call(`ccs/contests/${cid}/awards`),
      call(`ccs/contests/${cid}/event-feed`),
    ]);
    const perRow = ids.flatMap((id) => [
      call(`get-submission-detail?submitId=${id}`),
      call(`get-all-case-result?submitId=${id}`),
    ]);
    const perUser = participants.flatMap((username) => [
      call(`get-user-home-info?username=${username}`),
      call(`get-user-calendar-heatmap?username=${username}`),
    ]);
    return Promise.all([
      call('check-submissions-status', { submitIds: ids }),
      call('get-submission-list?limit=50'),
      call('get-last-week-submission-statistics'),
      call('get-recent-seven-ac-rank'),
      call('get-rank-list?type=0&limit=50'),
      call('get-rank-list?type=1&limit=50'),
      call('get-problem-list?limit=50'),
      call('get-problem-detail?problemId=P1'),
      ...perContest,
      ...perRow,
      ...perUser,
    ]);
  }

  it('tells a visible verdict flipped apart (the comparison can fail)', async () => {
    const contest: WorldContest = {
      contestId: 1,
      type: 'ACM',
      auth: 0,
      visible: true,
      openRank: false,
      sealAfterMs: 4 * hour,
      autoRealRank: true,
      registered: [false, false, false],
    };
    const world: World = {
      contests: [contest, { ...contest, contestId: 2 }],
      submissions: [{ submissionId: 1, contestId: 1, user: 1, atMs: start + hour, isAccepted: true }],
      viewer: 0,
      nowMs: start + 4.5 * hour,
    };
    current = world.nowMs;
    expect(hiddenRows(world)).toEqual(new Set());
    await api.replaceHistory(historyOf(world, new Set()));
    const seen = await everythingSeenBy(world);
    await api.replaceHistory(historyOf(world, new Set([1])));
    expect(await everythingSeenBy(world)).not.toEqual(seen);
  });

  it('F2: no read endpoint reveals a post-seal verdict to a sealed viewer (property)', async () => {
    await fc.assert(
      fc.asyncProperty(worldArbitrary, async (world) => {
        current = world.nowMs;
        const hidden = hiddenRows(world);
        await api.replaceHistory(historyOf(world, new Set()));
        const seen = await everythingSeenBy(world);
        await api.replaceHistory(historyOf(world, hidden));
        const seenFlipped = await everythingSeenBy(world);
        expect(seenFlipped).toEqual(seen);
      }),
      { numRuns: 15 },
    );
  }, 240_000);
});
