import { sql, type Kysely } from 'kysely';
import { contestStream, toRecordedEvent, type RecordedEvent, type StoredEventRow } from '@oj/events';
import {
  boardTimeline,
  extendTimeline,
  timelineBoardAt,
  timelineUsernamesAt,
  timelineUsersNamed,
  type BoardTimeline,
  type PlacedRow,
} from '@oj/events/folds';
import type { Database } from '@oj/read-models';
import { withFirstBlood, type BoardChoice } from './board-cells.queries';
import { historyPageOf, historyPageRows } from './board-history-paging';
import { pageOfRanked, rankEntries, type BoardEntry, type PageRequest, type RankSettings } from './scoreboard-ranking';

/**
 * The board as it stood at a past position (issue 13 item 1), folded from the contest's events alone with the
 * projector's own fold (@oj/events/folds), never from the board tables. The events are read from the Postgres
 * event store's table (the query has no other handle on the store; with KurrentDB as the store there is no
 * history and the caller says so). Per contest, the events read so far are kept folded as a timeline
 * (`board-timeline.ts`: record versions, whose rows each event moves, the rows of the last positions asked), so
 * scrubbing re-scores only the users touched between the nearest snapshot and the asked position; a later
 * position reads only the events after the ones read.
 */
type Db = Kysely<Database>;

const cachedContests = 16;

interface CachedHistory {
  readonly timeline: BoardTimeline;
  readonly readUpTo: bigint;
  /**
   * The id of the store's last event at or before `readUpTo` when it was read. The cache assumes an append-only
   * store; a store whose history was replaced (a restore into the same database, a test's reset) has another
   * event there (or none), and the cached history is dropped instead of served.
   */
  readonly stamp: string | null;
}

/** Per contest, least recently used first (a Map keeps insertion order); one per API instance. */
export type BoardHistories = Map<number, CachedHistory>;
export const createBoardHistories = (): BoardHistories => new Map();

/** Whether the store's events are in this database (the Postgres event store). */
export async function hasEventTable(db: Db): Promise<boolean> {
  const { rows } = await sql<{
    present: boolean;
  }>`SELECT to_regclass('event_store.events') IS NOT NULL AS present`.execute(db);
  return rows[0]?.present ?? false;
}

/** The position of the last event recorded at or before an instant (0 before any). */
export async function positionAtInstant(db: Db, instant: Date): Promise<bigint> {
  const { rows } = await sql<{ position: string | null }>`SELECT max(position)::text AS position
    FROM event_store.events WHERE recorded_at <= ${instant}`.execute(db);
  return BigInt(rows[0]?.position ?? '0');
}

/** The store's head position. */
export async function headPosition(db: Db): Promise<bigint> {
  const { rows } = await sql<{ position: string | null }>`SELECT max(position)::text AS position
    FROM event_store.events`.execute(db);
  return BigInt(rows[0]?.position ?? '0');
}

/**
 * The contest stream's and its submissions' events, and applied staged rejudges of it, in (after, upTo], in position
 * order. ORDER BY names the table's column: a bare `position` is the text output column, and positions (xid << 20)
 * ordered as text put a 9-digit contest event after 10-digit submissions, so the fold saw no contest.
 */
export async function readContestEvents(
  db: Db,
  contestId: number,
  after: bigint,
  upTo: bigint,
): Promise<RecordedEvent[]> {
  const { rows } = await sql<StoredEventRow>`
    SELECT position::text, stream, revision::text, event_id, event_type, data, metadata, recorded_at
    FROM event_store.events
    WHERE position > ${after.toString()}::bigint AND position <= ${upTo.toString()}::bigint
      AND (stream = ${contestStream(contestId)} OR stream = ANY(ARRAY(
        SELECT 'submission-' || submission_id FROM submissions WHERE contest_id = ${contestId}))
        OR (event_type = 'RejudgingApplied' AND data->'contestIds' @> ${JSON.stringify([contestId])}::jsonb))
    ORDER BY events.position`.execute(db);
  return rows.map(toRecordedEvent);
}

/** The id of the store's last event at or before `position` (an index probe), or null before any. */
async function stampAt(db: Db, position: bigint): Promise<string | null> {
  const { rows } = await sql<{ event_id: string }>`SELECT event_id FROM event_store.events
    WHERE position <= ${position.toString()}::bigint ORDER BY position DESC LIMIT 1`.execute(db);
  return rows[0]?.event_id ?? null;
}

/** The cached history of a contest, extended to `upTo` when it ends before it (dropped if the store was replaced). */
async function historyUpTo(db: Db, histories: BoardHistories, contestId: number, upTo: bigint): Promise<CachedHistory> {
  const cached = histories.get(contestId);
  histories.delete(contestId);
  let history = cached && (await stampAt(db, cached.readUpTo)) === cached.stamp ? cached : undefined;
  if (!history || history.readUpTo < upTo) {
    const events = await readContestEvents(db, contestId, history?.readUpTo ?? 0n, upTo);
    const timeline = history?.timeline ?? boardTimeline(contestId, []);
    extendTimeline(timeline, events);
    history = { timeline, readUpTo: upTo, stamp: await stampAt(db, upTo) };
  }
  histories.set(contestId, history);
  if (histories.size > cachedContests) histories.delete(histories.keys().next().value as number);
  return history;
}

type Profile = Pick<BoardEntry, 'realname' | 'nickname' | 'school' | 'gender' | 'avatar'> & { username: string };

/**
 * One page of the board at `position`, ranked and paged as the live board is. Without a keyword the page is
 * cut from the fold's ordered rows (`board-history-paging.ts`): only the shown rows get names, profiles and
 * cells, and the star accounts are found by name (a scrub over a 10,000-row board reads a page's profiles, not
 * the board's). A keyword matches names and schools, so it takes every row's profile.
 */
export async function readRankedPageAt(
  db: Db,
  histories: BoardHistories,
  contest: { readonly contestId: number; readonly type: 'ACM' | 'OI' },
  choice: BoardChoice,
  position: bigint,
  excludedUserIds: readonly string[],
  settings: RankSettings,
  request: PageRequest,
) {
  const { timeline } = await historyUpTo(db, histories, contest.contestId, position);
  const view = choice.sealed ? 'sealed' : choice.containsEnd ? 'liveWithEnd' : 'live';
  // The ordered rows are a kept snapshot, never changed: other asks may move the timeline while this one waits.
  const board = timelineBoardAt(timeline, position, view);
  const excluded = new Set(excludedUserIds);
  const firstAc = contest.type === 'ACM' ? firstAcOf(board.order, excluded) : new Map<string, number>();
  const entriesOf = async (shown: readonly PlacedRow[]): Promise<BoardEntry[]> => {
    const userIds = shown.map(({ userId }) => userId);
    const names = timelineUsernamesAt(timeline, userIds, board.position);
    const profiles = await profilesOf(db, userIds);
    return shown.map(({ userId, row }) => {
      const profile = profiles.get(userId);
      return {
        uid: userId,
        username: profile?.username ?? names.get(userId) ?? userId,
        realname: profile?.realname ?? null,
        nickname: profile?.nickname ?? null,
        school: profile?.school ?? null,
        gender: profile?.gender ?? null,
        avatar: profile?.avatar ?? null,
        ac: row.ac,
        totalScore: row.totalScore,
        totalTime: row.totalTime,
        total: row.total,
        submissionInfo: contest.type === 'ACM' ? withFirstBlood(row.submissionInfo, firstAc) : row.submissionInfo,
        timeInfo: row.timeInfo,
      };
    });
  };
  if (request.keyword?.trim()) {
    const entries = await entriesOf(board.order.filter(({ userId }) => !excluded.has(userId)));
    return { position: board.position, page: pageOfRanked(rankEntries(entries, settings), request) };
  }
  const stars = await starUsersOf(db, timeline, board.position, settings.starAccounts);
  const rows = historyPageRows(board.order, excluded, (userId) => stars.has(userId), settings, request);
  const entries = await entriesOf(rows.shown);
  return { position: board.position, page: historyPageOf(rows, entries, settings, request) };
}

/** First blood: per problem the earliest solve on the board (excluded users left out). */
function firstAcOf(order: readonly PlacedRow[], excluded: ReadonlySet<string>): Map<string, number> {
  const firstAc = new Map<string, number>();
  for (const { userId, row } of order) {
    if (excluded.has(userId)) continue;
    for (const { displayId, acTime } of row.solved) {
      firstAc.set(displayId, Math.min(firstAc.get(displayId) ?? Number.POSITIVE_INFINITY, acTime));
    }
  }
  return firstAc;
}

/**
 * The users whose shown name is a star account at `position`: the profile's name when the user has one, else
 * the name on their newest submission then (as the entries name them). Only users with a star name in either
 * place are looked at.
 */
async function starUsersOf(
  db: Db,
  timeline: BoardTimeline,
  position: bigint,
  starAccounts: readonly string[],
): Promise<Set<string>> {
  if (starAccounts.length === 0) return new Set();
  const namedAtSome = [...timelineUsersNamed(timeline, starAccounts)];
  const names = timelineUsernamesAt(timeline, namedAtSome, position);
  const rows = await db
    .selectFrom('users')
    .select(['user_id', 'username'])
    .where((eb) =>
      eb.or([
        eb('username', 'in', [...starAccounts]),
        ...(namedAtSome.length > 0 ? [eb('user_id', 'in', namedAtSome)] : []),
      ]),
    )
    .execute();
  const profileNames = new Map(rows.map((row) => [row.user_id, row.username]));
  const stars = new Set<string>();
  for (const [userId, username] of profileNames) if (starAccounts.includes(username)) stars.add(userId);
  for (const userId of namedAtSome) {
    if (!profileNames.has(userId) && starAccounts.includes(names.get(userId) ?? userId)) stars.add(userId);
  }
  return stars;
}

async function profilesOf(db: Db, userIds: readonly string[]): Promise<Map<string, Profile>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['user_id', 'username', 'realname', 'nickname', 'school', 'gender', 'avatar'])
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Map(rows.map(({ user_id, ...profile }) => [user_id, profile]));
}
