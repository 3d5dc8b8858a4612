/* eslint-disable max-lines -- one fold class over every entry kind the feed reads, with the state it keeps between pages. */
import type { CcsEvent, CcsProblem, CcsState } from '@oj/contracts';
import {
  ccsContestOf,
  ccsIdOfUser,
  ccsJudgementIdOf,
  ccsJudgementTypes,
  ccsLanguageIdOf,
  ccsLanguageOf,
  ccsOrganizationOf,
  ccsTeamOf,
  type CcsContestFacts,
} from './ccs-objects';
import { ccsJudgementLine, ccsObjectLine, ccsSubmissionLine } from './ccs-feed-lines';

/**
 * An audited event of the contest as the feed reads it: a row of the audit-entries projection, flat, exactly as
 * ccsFeedPage's query gives it (no object is built per row between the driver and the fold).
 */
export interface FeedEntry {
  readonly position: string;
  readonly kind: string;
  /** The command that appended the event (SubmitCode, RemoveContestProblem …): the feed tells some apart by it. */
  readonly command: string;
  readonly submissionId: number | null;
  readonly problemId: number | null;
  readonly userId: string | null;
  /** When the event was recorded, in epoch milliseconds. */
  readonly recordedMs: number;
  /** Contest, contest-problem and registration entries: every field the event changed, with its new text. */
  readonly changes: readonly { readonly field: string; readonly after?: string | null }[] | null;
  /** Verdict, manual-verdict and cancellation entries: the verdict and score after the event, when it changed. */
  readonly verdict: string | null;
  readonly score: string | null;
  /** Rejudge entries: the new attempt. */
  readonly attempt: string | null;
  /** The entry of the event that made a submission (SubmitCode): its immutable facts; null on any other. */
  readonly contestProblemId: number | null;
  readonly submitterId: string | null;
  readonly username: string | null;
  readonly language: string | null;
  readonly submittedMs: number | null;
}

export interface FeedFoldSources {
  /** The contest today: the freeze rule the viewer is under, and what an entry does not say. */
  readonly contest: CcsContestFacts;
  /**
   * The contest's problems today, by the problem id an entry names: their CCS id (the link id), ordinal, limits
   * and test count. Label, name and colour come from the entries (as they were at each token).
   */
  readonly problemsByProblemId: ReadonlyMap<number, readonly CcsProblem[]>;
  readonly filesHref: (submissionId: number) => string;
  /** Each team's school today (its organization; the site keeps no history of it). */
  readonly schoolsByUserId: ReadonlyMap<string, string | null>;
  readonly isAdmin: boolean;
  readonly isSealed: boolean;
  /** Resume: only the lines of events after this token are written (the fold still reads every entry). */
  readonly sinceToken?: string;
}

/** Feeds pages of entries in position order; each page gives the NDJSON text of its lines, in chunks. */
export interface CcsFeedFold {
  next(entries: readonly FeedEntry[]): string[];
}

/**
 * Lines per chunk of text (~50 KB): small enough to die young in the garbage collector's nursery, where a page
 * joined whole (~2 MB) went to the large-object space and waited for a full collection.
 */
const linesPerChunk = 200;

/**
 * The event feed (2023-06 format) of one contest, folded from its audited events in order, page by page, so the
 * feed streams with memory bounded by a page plus a few numbers per submission (its current attempt, when it
 * started, when it was made) — never the whole feed. Every line carries the token (the global event position) of
 * the event it derives from; one event may give several lines (a submission gives a language the first time, a
 * team if unannounced, the submission and its first judgement), all with its token, so resuming after a token
 * never splits an event.
 *
 * Each line holds the object **as it was at its token**: the contest from the settings the entries carried up to
 * there, a problem's label, name and colour likewise, a team's name from its registration, a judgement's type and
 * end from that event's verdict. What no entry records (a problem's ordinal, limits and test count; a submission's
 * files) is today's.
 *
 * The fold writes text, not objects: the hot lines (submissions, judgements) by template (ccs-feed-lines.ts), the
 * rest by JSON.stringify; before `sinceToken` it keeps its state and writes nothing.
 */
export function createCcsFeedFold(sources: FeedFoldSources): CcsFeedFold {
  return new FeedFold(sources);
}

type VerdictEnd = { readonly verdict: string; readonly atMs: number; readonly score: string | null | undefined };

/** The fold's state between pages: a few facts per contest, problem, language, team and submission. */
class FeedFold implements CcsFeedFold {
  private readonly contestView = new Map<string, string | null>();
  private readonly problemViews = new Map<number, Map<string, string | null>>();
  private readonly seenLanguages = new Set<string>();
  /** By user id (a team's CCS id is derived from it). */
  private readonly announcedTeams = new Set<string>();
  private readonly announcedOrganizations = new Set<string>();
  /** Per submission: its current attempt, when that attempt started and when the submission was made (ms). */
  private readonly judging = new Map<number, { attempt: number; startedMs: number; submittedMs: number }>();
  private isContestAnnounced = false;
  /** Ids are slugs made by regular expressions: made once per language and per user, not once per line. */
  private readonly languageIds = new Map<string, string>();
  private readonly teamIds = new Map<string, string>();
  /** The contest as of the last contest entry (recomputed only there: a feed has few and many other lines). */
  private asOf: CcsContestFacts;
  private startMs: number;
  /** Today's freeze for this viewer: judgements of submissions made from `hiddenFromMs` on are not shown. */
  private readonly hiddenFromMs: number;
  private readonly since: bigint | null;
  /** The page's chunks, the lines of the chunk being written, and whether the current entry's lines are written
   * (after `since`). */
  private chunks: string[] = [];
  private lines: string[] = [];
  private isWriting: boolean;
  private token = '';

  constructor(private readonly sources: FeedFoldSources) {
    this.asOf = this.contestAsOf();
    this.startMs = Date.parse(this.asOf.settings.startAt);
    const { settings } = sources.contest;
    const isHidden = !sources.isAdmin && sources.isSealed && settings.sealRankAt;
    this.hiddenFromMs = isHidden ? Date.parse(settings.sealRankAt ?? '') : Infinity;
    this.since = sources.sinceToken === undefined ? null : BigInt(sources.sinceToken);
    this.isWriting = this.since === null;
  }

  next(entries: readonly FeedEntry[]): string[] {
    this.chunks = [];
    for (const entry of entries) {
      this.token = entry.position;
      // Positions only grow: once past `since`, every later entry is written too.
      if (!this.isWriting) this.isWriting = BigInt(entry.position) > (this.since ?? 0n);
      this.foldEntry(entry);
    }
    this.flush();
    return this.chunks;
  }

  private write(line: string): void {
    this.lines.push(line);
    if (this.lines.length >= linesPerChunk) this.flush();
  }

  private flush(): void {
    if (this.lines.length > 0) this.chunks.push(this.lines.join(''));
    this.lines = [];
  }

  private push(type: CcsEvent['type'], id: string | null, data: unknown): void {
    if (this.isWriting) this.write(ccsObjectLine(type, id, data, this.token));
  }

  private foldEntry(entry: FeedEntry): void {
    switch (entry.kind) {
      case 'contest':
        return this.onContest(entry);
      case 'contest-problem':
        return this.onContestProblem(entry);
      case 'registration': {
        const username = entry.changes?.find((change) => change.field === 'registered')?.after;
        if (entry.userId !== null && username) this.pushTeam(entry.userId, username);
        return;
      }
      case 'submission':
        // Only the event that made the submission (a share change is a submission entry too).
        if (entry.command === 'SubmitCode') this.onSubmission(entry);
        return;
      case 'rejudge':
        return this.onRejudge(entry);
      case 'verdict':
      case 'manual-verdict':
      case 'cancellation':
        return this.onVerdict(entry);
    }
  }

  private onContest(entry: FeedEntry): void {
    for (const change of entry.changes ?? []) this.contestView.set(change.field, change.after ?? null);
    this.asOf = this.contestAsOf();
    this.startMs = Date.parse(this.asOf.settings.startAt);
    this.push('contest', null, ccsContestOf(this.asOf));
    if (!this.isContestAnnounced) for (const type of ccsJudgementTypes) this.push('judgement-types', type.id, type);
    this.isContestAnnounced = true;
  }

  private onContestProblem(entry: FeedEntry): void {
    if (entry.problemId === null) return;
    const view = this.problemViews.get(entry.problemId) ?? new Map<string, string | null>();
    for (const change of entry.changes ?? []) view.set(change.field, change.after ?? null);
    this.problemViews.set(entry.problemId, view);
    const isRemoved = entry.command === 'RemoveContestProblem';
    for (const today of this.sources.problemsByProblemId.get(entry.problemId) ?? []) {
      if (isRemoved) {
        this.push('problems', today.id, null);
        continue;
      }
      const color = view.get('color');
      const { rgb: _rgb, ...rest } = today;
      const rgb = color && /^#[0-9A-Fa-f]{6}$/.test(color) ? color : undefined;
      this.push('problems', today.id, {
        ...rest,
        label: view.get('displayId') ?? today.label,
        name: view.get('displayTitle') ?? today.name,
        ...(rgb ? { rgb } : {}),
      });
    }
  }

  private onSubmission(entry: FeedEntry): void {
    const { submissionId, contestProblemId, submitterId, username, language, submittedMs } = entry;
    if (submissionId === null || contestProblemId === null || submitterId === null || submittedMs === null) return;
    const languageId = this.languageIdOf(language ?? '');
    if (!this.seenLanguages.has(languageId)) this.push('languages', languageId, ccsLanguageOf(language ?? ''));
    this.seenLanguages.add(languageId);
    // A submitter without a registration (a contest admin, a public contest's visitor) is a team too.
    if (!this.announcedTeams.has(submitterId)) this.pushTeam(submitterId, username ?? '');
    const facts = { attempt: 0, startedMs: entry.recordedMs, submittedMs };
    this.judging.set(submissionId, facts);
    if (!this.isWriting) return;
    const line = {
      submissionId,
      languageId,
      contestProblemId,
      teamId: this.teamIdOf(submitterId),
      submittedMs,
    };
    this.write(ccsSubmissionLine(line, this.startMs, this.sources.filesHref(submissionId), this.token));
    if (submittedMs < this.hiddenFromMs) this.pushJudgement(submissionId, facts, null);
  }

  private onRejudge(entry: FeedEntry): void {
    const current = entry.submissionId === null ? undefined : this.judging.get(entry.submissionId);
    const attempt = Number(entry.attempt ?? NaN);
    if (!current || entry.submissionId === null || !Number.isInteger(attempt)) return;
    current.attempt = attempt;
    current.startedMs = entry.recordedMs;
    if (current.submittedMs < this.hiddenFromMs) this.pushJudgement(entry.submissionId, current, null);
  }

  private onVerdict(entry: FeedEntry): void {
    const current = entry.submissionId === null ? undefined : this.judging.get(entry.submissionId);
    if (!this.isWriting || entry.submissionId === null || !current || current.submittedMs >= this.hiddenFromMs) return;
    const { verdict, score } = entry;
    // An event of an older attempt changes nothing (its entry lists no change).
    if (!verdict) return;
    // A cancelled judgement never gets a type: it is withdrawn (a deletion).
    if (entry.kind === 'cancellation') {
      this.push('judgements', ccsJudgementIdOf(entry.submissionId, current.attempt), null);
    } else this.pushJudgement(entry.submissionId, current, { verdict, atMs: entry.recordedMs, score });
  }

  private languageIdOf(language: string): string {
    let id = this.languageIds.get(language);
    if (id === undefined) this.languageIds.set(language, (id = ccsLanguageIdOf(language)));
    return id;
  }

  private teamIdOf(userId: string): string {
    let id = this.teamIds.get(userId);
    if (id === undefined) this.teamIds.set(userId, (id = ccsIdOfUser(userId)));
    return id;
  }

  /** The contest as its entries described it so far; what they never said is today's. */
  private contestAsOf(): CcsContestFacts {
    const { contest } = this.sources;
    const text = (field: string) => this.contestView.get(field) ?? undefined;
    const { settings } = contest;
    const sealRank = text('sealRank');
    const type = text('type');
    return {
      contestId: contest.contestId,
      type: type === 'ACM' || type === 'OI' ? type : contest.type,
      title: text('title') ?? contest.title,
      settings: {
        ...settings,
        startAt: text('startAt') ?? settings.startAt,
        endAt: text('endAt') ?? settings.endAt,
        sealRank: sealRank === undefined ? settings.sealRank : sealRank === 'true',
        sealRankAt: this.contestView.has('sealRankAt')
          ? (this.contestView.get('sealRankAt') ?? null)
          : settings.sealRankAt,
      },
    };
  }

  /** A team line, after its organization's line the first time a team of it appears. */
  private pushTeam(userId: string, username: string): void {
    const school = this.sources.schoolsByUserId.get(userId) ?? null;
    const team = ccsTeamOf({ userId, username, school });
    if (school && team.organization_id && !this.announcedOrganizations.has(team.organization_id)) {
      this.push('organizations', team.organization_id, ccsOrganizationOf(school));
      this.announcedOrganizations.add(team.organization_id);
    }
    this.push('teams', team.id, team);
    this.announcedTeams.add(userId);
  }

  /** A judgement line of the submission's current attempt; a score contest's ended ones carry the verdict's score. */
  private pushJudgement(
    submissionId: number,
    current: { readonly attempt: number; readonly startedMs: number },
    end: VerdictEnd | null,
  ): void {
    if (!this.isWriting) return;
    const score = end?.score === undefined || end.score === null ? NaN : Number(end.score);
    const facts = {
      submissionId,
      attempt: current.attempt,
      startedMs: current.startedMs,
      end,
      score: this.sources.contest.type === 'OI' && Number.isFinite(score) ? score : null,
    };
    this.write(ccsJudgementLine(facts, this.startMs, this.token));
  }
}

/**
 * The whole feed of `entries` in one go, then the state line (token = the last event's), parsed back into lines:
 * for tests and small feeds.
 */
export function ccsFeedLines(
  entries: readonly FeedEntry[],
  sources: FeedFoldSources & { readonly state: CcsState },
): CcsEvent[] {
  const text = createCcsFeedFold(sources).next(entries).join('');
  const lines =
    text === ''
      ? []
      : text
          .slice(0, -1)
          .split('\n')
          .map((line) => JSON.parse(line) as CcsEvent);
  const last = entries.at(-1);
  const isAfter = last && (sources.sinceToken === undefined || BigInt(last.position) > BigInt(sources.sinceToken));
  if (last && isAfter) lines.push({ type: 'state', id: null, data: sources.state, token: last.position });
  return lines;
}

/** The lines after `sinceToken` (all when absent): tokens are positions, compared as integers. */
export function linesAfter(lines: readonly CcsEvent[], sinceToken: string | undefined): CcsEvent[] {
  if (sinceToken === undefined) return [...lines];
  const since = BigInt(sinceToken);
  return lines.filter((line) => BigInt(line.token) > since);
}
