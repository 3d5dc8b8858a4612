import type { CcsEvent, CcsProblem, CcsState } from '@oj/contracts';
import {
  ccsContestOf,
  ccsJudgementIdOf,
  ccsJudgementOf,
  ccsJudgementTypes,
  ccsLanguageIdOf,
  ccsLanguageOf,
  ccsSubmissionOf,
  ccsOrganizationOf,
  ccsTeamOf,
  isJudgementVisible,
  type CcsContestFacts,
} from './ccs-objects';

/** An audited event of the contest, as the feed reads it (a row of the audit-entries projection). */
export interface FeedEntry {
  readonly position: string;
  readonly kind: string;
  /** The command that appended the event (RemoveContestProblem …), when the feed needs to tell them apart. */
  readonly command?: string;
  readonly submissionId: number | null;
  readonly problemId: number | null;
  readonly userId: string | null;
  readonly recordedAt: Date;
  readonly changes: readonly { readonly field: string; readonly after?: string | null }[];
}

/** A submission's immutable facts (who, what, when, which language), read per page of entries. */
export interface FeedSubmissionFacts {
  readonly submissionId: number;
  readonly contestProblemId: number;
  readonly userId: string;
  readonly username: string;
  readonly language: string;
  readonly submittedAt: Date;
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
}

/** Feeds pages of entries in position order; each page gives its lines. */
export interface CcsFeedFold {
  next(entries: readonly FeedEntry[], submissions: ReadonlyMap<number, FeedSubmissionFacts>): CcsEvent[];
}

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
 */
export function createCcsFeedFold(sources: FeedFoldSources): CcsFeedFold {
  return new FeedFold(sources);
}

type Push = (type: CcsEvent['type'], id: string | null, data: unknown) => void;
type VerdictEnd = { readonly verdict: string; readonly at: Date; readonly score: string | null | undefined };

/** The fold's state between pages: a few facts per contest, problem, language, team and submission. */
class FeedFold implements CcsFeedFold {
  private readonly contestView = new Map<string, string | null>();
  private readonly problemViews = new Map<number, Map<string, string | null>>();
  private readonly seenLanguages = new Set<string>();
  /** By user id (a team's CCS id is derived from it). */
  private readonly announcedTeams = new Set<string>();
  private readonly announcedOrganizations = new Set<string>();
  /** Per submission: its current attempt, when that attempt started and when the submission was made (ms). */
  private readonly judging = new Map<number, { attempt: number; startedAt: number; submittedAt: number }>();
  private isContestAnnounced = false;
  /** Ids are slugs made by regular expressions: made once per language and per user, not once per line. */
  private readonly languageIds = new Map<string, string>();
  /** The contest as of the last contest entry (recomputed only there: a feed has few and many other lines). */
  private asOf: CcsContestFacts;

  constructor(private readonly sources: FeedFoldSources) {
    this.asOf = this.contestAsOf();
  }

  next(entries: readonly FeedEntry[], submissions: ReadonlyMap<number, FeedSubmissionFacts>): CcsEvent[] {
    const lines: CcsEvent[] = [];
    for (const entry of entries) {
      const push: Push = (type, id, data) => lines.push({ type, id, data, token: entry.position });
      this.foldEntry(entry, submissions, push);
    }
    return lines;
  }

  private foldEntry(entry: FeedEntry, submissions: ReadonlyMap<number, FeedSubmissionFacts>, push: Push): void {
    switch (entry.kind) {
      case 'contest':
        return this.onContest(entry, push);
      case 'contest-problem':
        return this.onContestProblem(entry, push);
      case 'registration': {
        const username = entry.changes.find((change) => change.field === 'registered')?.after;
        if (entry.userId !== null && username) this.pushTeam(push, entry.userId, username);
        return;
      }
      case 'submission': {
        const submission = entry.submissionId === null ? undefined : submissions.get(entry.submissionId);
        if (submission) this.onSubmission(entry, submission, push);
        return;
      }
      case 'rejudge':
        return this.onRejudge(entry, push);
      case 'verdict':
      case 'manual-verdict':
      case 'cancellation':
        return this.onVerdict(entry, push);
    }
  }

  private onContest(entry: FeedEntry, push: Push): void {
    for (const change of entry.changes) this.contestView.set(change.field, change.after ?? null);
    this.asOf = this.contestAsOf();
    push('contest', null, ccsContestOf(this.asOf));
    if (!this.isContestAnnounced) for (const type of ccsJudgementTypes) push('judgement-types', type.id, type);
    this.isContestAnnounced = true;
  }

  private onContestProblem(entry: FeedEntry, push: Push): void {
    if (entry.problemId === null) return;
    const view = this.problemViews.get(entry.problemId) ?? new Map<string, string | null>();
    for (const change of entry.changes) view.set(change.field, change.after ?? null);
    this.problemViews.set(entry.problemId, view);
    const isRemoved = entry.command === 'RemoveContestProblem';
    for (const today of this.sources.problemsByProblemId.get(entry.problemId) ?? []) {
      if (isRemoved) {
        push('problems', today.id, null);
        continue;
      }
      const color = view.get('color');
      const { rgb: _rgb, ...rest } = today;
      const rgb = color && /^#[0-9A-Fa-f]{6}$/.test(color) ? color : undefined;
      push('problems', today.id, {
        ...rest,
        label: view.get('displayId') ?? today.label,
        name: view.get('displayTitle') ?? today.name,
        ...(rgb ? { rgb } : {}),
      });
    }
  }

  private onSubmission(entry: FeedEntry, submission: FeedSubmissionFacts, push: Push): void {
    const languageId = this.languageIdOf(submission.language);
    if (!this.seenLanguages.has(languageId)) push('languages', languageId, ccsLanguageOf(submission.language));
    this.seenLanguages.add(languageId);
    // A submitter without a registration (a contest admin, a public contest's visitor) is a team too.
    if (!this.announcedTeams.has(submission.userId)) this.pushTeam(push, submission.userId, submission.username);
    push(
      'submissions',
      String(submission.submissionId),
      ccsSubmissionOf(this.asOf, submission, this.sources.filesHref(submission.submissionId)),
    );
    const facts = { attempt: 0, startedAt: entry.recordedAt.getTime(), submittedAt: submission.submittedAt.getTime() };
    this.judging.set(submission.submissionId, facts);
    if (this.visible(facts.submittedAt)) {
      push('judgements', ccsJudgementIdOf(submission.submissionId, 0), this.judgement(submission.submissionId));
    }
  }

  private onRejudge(entry: FeedEntry, push: Push): void {
    const current = entry.submissionId === null ? undefined : this.judging.get(entry.submissionId);
    const attempt = Number(entry.changes.find((change) => change.field === 'attempt')?.after ?? NaN);
    if (!current || entry.submissionId === null || !Number.isInteger(attempt)) return;
    const next = { ...current, attempt, startedAt: entry.recordedAt.getTime() };
    this.judging.set(entry.submissionId, next);
    if (this.visible(next.submittedAt)) {
      push('judgements', ccsJudgementIdOf(entry.submissionId, attempt), this.judgement(entry.submissionId));
    }
  }

  private onVerdict(entry: FeedEntry, push: Push): void {
    const verdict = entry.changes.find((change) => change.field === 'verdict')?.after;
    const current = entry.submissionId === null ? undefined : this.judging.get(entry.submissionId);
    // An event of an older attempt changes nothing (its entry lists no change).
    if (entry.submissionId === null || !current || !verdict || !this.visible(current.submittedAt)) return;
    const id = ccsJudgementIdOf(entry.submissionId, current.attempt);
    // A cancelled judgement never gets a type: it is withdrawn (a deletion).
    if (entry.kind === 'cancellation') push('judgements', id, null);
    else {
      const score = entry.changes.find((change) => change.field === 'score')?.after;
      push('judgements', id, this.judgement(entry.submissionId, { verdict, at: entry.recordedAt, score }));
    }
  }

  private languageIdOf(language: string): string {
    const id = this.languageIds.get(language) ?? ccsLanguageIdOf(language);
    this.languageIds.set(language, id);
    return id;
  }

  private visible(submittedAt: number): boolean {
    return isJudgementVisible(this.sources.contest.settings, new Date(submittedAt), {
      isAdmin: this.sources.isAdmin,
      isSealed: this.sources.isSealed,
    });
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
  private pushTeam(push: Push, userId: string, username: string): void {
    const school = this.sources.schoolsByUserId.get(userId) ?? null;
    const team = ccsTeamOf({ userId, username, school });
    if (school && team.organization_id && !this.announcedOrganizations.has(team.organization_id)) {
      push('organizations', team.organization_id, ccsOrganizationOf(school));
      this.announcedOrganizations.add(team.organization_id);
    }
    push('teams', team.id, team);
    this.announcedTeams.add(userId);
  }

  private judgement(submissionId: number, end?: VerdictEnd) {
    const current = this.judging.get(submissionId);
    const object = ccsJudgementOf(this.asOf, {
      submissionId,
      attempt: current?.attempt ?? 0,
      verdict: end?.verdict ?? 'Pending',
      startedAt: new Date(current?.startedAt ?? 0),
      endedAt: end?.at ?? null,
      timeMs: null,
    });
    // A score contest's judgements carry the score the verdict gave (the spec's optional judgement score).
    const score = end?.score === undefined || end.score === null ? NaN : Number(end.score);
    const isScored = this.sources.contest.type === 'OI' && object.end_time !== null && Number.isFinite(score);
    return isScored ? { ...object, score } : object;
  }
}

/** The whole feed of `entries` in one go, then the state line (token = the last event's): for tests and small feeds. */
export function ccsFeedLines(
  entries: readonly FeedEntry[],
  sources: FeedFoldSources & {
    readonly submissions: ReadonlyMap<number, FeedSubmissionFacts>;
    readonly state: CcsState;
  },
): CcsEvent[] {
  const lines = createCcsFeedFold(sources).next(entries, sources.submissions);
  const last = entries.at(-1);
  if (last) lines.push({ type: 'state', id: null, data: sources.state, token: last.position });
  return lines;
}

/** The lines after `sinceToken` (all when absent): tokens are positions, compared as integers. */
export function linesAfter(lines: readonly CcsEvent[], sinceToken: string | undefined): CcsEvent[] {
  if (sinceToken === undefined) return [...lines];
  const since = BigInt(sinceToken);
  return lines.filter((line) => BigInt(line.token) > since);
}
