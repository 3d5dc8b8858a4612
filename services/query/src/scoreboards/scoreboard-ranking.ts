/**
 * Rank numbers, star users, awards, pinned rows, keyword and paging over a board's ordered rows
 * (api-contest-training.md §2.7 ranks, §2.8 awards, §2.9 OI ties, §2.12 pinning and keyword). Pure.
 */

import { page } from '../paging/page';

export interface ProfileFields {
  readonly uid: string;
  readonly username: string;
  readonly realname: string | null;
  readonly nickname: string | null;
  readonly school: string | null;
  readonly gender: string | null;
  readonly avatar: string | null;
}

export interface BoardEntry extends ProfileFields {
  /** ACM: solved; OI: 0. */
  readonly ac: number;
  /** OI: total score; ACM: 0. */
  readonly totalScore: number;
  readonly totalTime: number;
  readonly total: number;
  readonly submissionInfo: Record<string, unknown>;
  readonly timeInfo: Record<string, number> | null;
}

export interface Award {
  readonly priority: number;
  readonly name: string;
  readonly background: string;
  readonly color: string;
  readonly num: number | null;
}

export interface RankSettings {
  readonly type: 'ACM' | 'OI';
  readonly starAccounts: readonly string[];
  readonly removeStar: boolean;
  readonly awardType: 0 | 1 | 2;
  readonly awards: readonly Award[];
}

export interface RankedEntry extends BoardEntry {
  readonly rank: number;
  readonly isWinAward: boolean;
  readonly awardName: string | null;
  readonly awardBackground: string | null;
  readonly awardColor: string | null;
}

const sameKeys = (a: BoardEntry, b: BoardEntry, type: RankSettings['type']) =>
  type === 'ACM'
    ? a.ac === b.ac && a.totalTime === b.totalTime
    : a.totalScore === b.totalScore && a.totalTime === b.totalTime;

/** Award tiers as head counts (§2.8): proportions truncate num × 0.01 × N in double precision, as HOJ does. */
function awardQueue(settings: RankSettings, counted: number): { award: Award; people: number }[] {
  if (settings.awardType === 0) return [];
  return [...settings.awards]
    .filter((award) => award.num !== null && award.num > 0)
    .sort((a, b) => a.priority - b.priority)
    .map((award) => ({
      award,
      people: settings.awardType === 1 ? Math.trunc((award.num ?? 0) * 0.01 * counted) : (award.num ?? 0),
    }))
    .filter((tier) => tier.people > 0);
}

/** Numbers the ordered rows: star users -1 (or removed), "1, 1, 3" competition ranking, then awards. */
export function rankEntries(ordered: readonly BoardEntry[], settings: RankSettings): RankedEntry[] {
  const isStar = (entry: BoardEntry) => settings.starAccounts.includes(entry.username);
  const rows = settings.removeStar ? ordered.filter((entry) => !isStar(entry)) : ordered;
  const queue = awardQueue(settings, rows.filter((entry) => !isStar(entry)).length);
  let position = 0;
  let previous: { entry: BoardEntry; rank: number } | null = null;
  return rows.map((entry) => {
    const noAward = { isWinAward: false, awardName: null, awardBackground: null, awardColor: null };
    if (isStar(entry)) return { ...entry, rank: -1, ...noAward };
    position += 1;
    const rank = previous && sameKeys(previous.entry, entry, settings.type) ? previous.rank : position;
    previous = { entry, rank };
    const isEligible = settings.type === 'ACM' ? entry.ac > 0 : entry.totalScore > 0;
    const tier = isEligible ? queue[0] : undefined;
    if (!tier) return { ...entry, rank, ...noAward };
    tier.people -= 1;
    if (tier.people === 0) queue.shift();
    const { name, background, color } = tier.award;
    return { ...entry, rank, isWinAward: true, awardName: name, awardBackground: background, awardColor: color };
  });
}

export interface PageRequest {
  readonly viewerId: string | null;
  readonly concernedList: readonly string[];
  readonly keyword: string | null;
  readonly rankShowName: 'username' | 'nickname' | 'realname';
  readonly currentPage: number;
  readonly limit: number;
}

const displayName = (entry: ProfileFields, rankShowName: PageRequest['rankShowName']) =>
  rankShowName === 'username' ? entry.username : rankShowName === 'nickname' ? entry.nickname : entry.realname;

/**
 * §2.12: [viewer's own row] + [concerned users' rows in rank order] + [every row], then the keyword, then
 * the page. Duplicates count in `total`, as in HOJ.
 */
export function pageOfRanked<Entry extends RankedEntry>(ranked: readonly Entry[], request: PageRequest) {
  const own = request.viewerId ? ranked.filter((entry) => entry.uid === request.viewerId) : [];
  const concerned = ranked.filter(
    (entry) => entry.uid !== request.viewerId && request.concernedList.includes(entry.uid),
  );
  let rows = [...own, ...concerned, ...ranked];
  const keyword = request.keyword?.trim().toLowerCase();
  if (keyword) {
    rows = rows.filter(
      (entry) =>
        (entry.school ?? '').toLowerCase().includes(keyword) ||
        (displayName(entry, request.rankShowName) ?? '').toLowerCase().includes(keyword),
    );
  }
  const first = (request.currentPage - 1) * request.limit;
  return page(rows.slice(first, first + request.limit), rows.length, request.limit, request.currentPage);
}

/**
 * Where a row stands among the non-star rows of its board: `better` of them have strictly better keys,
 * `before` of them come before it in board order. Enough to number it without the rest of the board.
 */
export interface Standing {
  readonly better: number;
  readonly before: number;
}

const noAward = { isWinAward: false, awardName: null, awardBackground: null, awardColor: null } as const;

/**
 * The award of the non-star row at 1-based `position`: eligible rows (ACM ac > 0, OI score > 0) come first
 * in board order, so the n-th eligible row is the n-th non-star row and takes the tier that covers n.
 */
function awardFields(
  entry: BoardEntry,
  position: number,
  tiers: readonly { award: Award; people: number }[],
  type: RankSettings['type'],
) {
  const isEligible = type === 'ACM' ? entry.ac > 0 : entry.totalScore > 0;
  if (!isEligible) return noAward;
  let covered = 0;
  for (const { award, people } of tiers) {
    covered += people;
    if (position <= covered) {
      return { isWinAward: true, awardName: award.name, awardBackground: award.background, awardColor: award.color };
    }
  }
  return noAward;
}

/** What numbering a slice of a board needs besides its rows. */
export interface BoardShape {
  /** Non-star rows on the board (the head count proportional awards are taken of). */
  readonly counted: number;
  readonly isStar: (entry: BoardEntry) => boolean;
}

/**
 * Numbers consecutive board rows (in board order) as `rankEntries` numbers them on the whole board, from
 * the standing of the run's first non-star row (null when the run has none).
 */
export function rankRun<Entry extends BoardEntry>(
  run: readonly Entry[],
  firstStanding: Standing | null,
  settings: RankSettings,
  shape: BoardShape,
): (Entry & RankedFields)[] {
  const tiers = awardQueue(settings, shape.counted);
  let previous: { entry: Entry; rank: number; position: number } | null = null;
  return run.map((entry) => {
    if (shape.isStar(entry)) return { ...entry, rank: -1, ...noAward };
    const position = previous ? previous.position + 1 : (firstStanding?.before ?? 0) + 1;
    const rank = !previous
      ? (firstStanding?.better ?? 0) + 1
      : sameKeys(previous.entry, entry, settings.type)
        ? previous.rank
        : position;
    previous = { entry, rank, position };
    return { ...entry, rank, ...awardFields(entry, position, tiers, settings.type) };
  });
}

type RankedFields = Omit<RankedEntry, keyof BoardEntry>;

/** The rows one page shows: `pinned` of the pinned rows from `pinnedFrom`, then `boardLimit` board rows. */
export interface PageWindow {
  readonly pinnedFrom: number;
  readonly pinnedTo: number;
  readonly boardOffset: number;
  readonly boardLimit: number;
}

/** §2.12 without a keyword: the page over [pinned rows] + [the listed board rows]. */
export function pageWindowOf(pinnedCount: number, request: Pick<PageRequest, 'currentPage' | 'limit'>): PageWindow {
  const first = (request.currentPage - 1) * request.limit;
  const pinnedFrom = Math.min(first, pinnedCount);
  const pinnedTo = Math.min(first + request.limit, pinnedCount);
  return {
    pinnedFrom,
    pinnedTo,
    boardOffset: Math.max(0, first - pinnedCount),
    boardLimit: request.limit - (pinnedTo - pinnedFrom),
  };
}

/** The page reply around rows already numbered: totals count pinned duplicates, as `pageOfRanked` does. */
export function pageOf<Entry>(records: readonly Entry[], pinnedCount: number, listed: number, request: PageRequest) {
  return page([...records], pinnedCount + listed, request.limit, request.currentPage);
}
