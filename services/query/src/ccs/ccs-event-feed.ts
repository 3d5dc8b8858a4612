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
  const { contest } = sources;
  const contestView = new Map<string, string | null>();
  const problemViews = new Map<number, Map<string, string | null>>();
  const seenLanguages = new Set<string>();
  /** By user id (a team's CCS id is derived from it). */
  const announcedTeams = new Set<string>();
  const announcedOrganizations = new Set<string>();
  /** Per submission: its current attempt, when that attempt started and when the submission was made (ms). */
  const judging = new Map<number, { attempt: number; startedAt: number; submittedAt: number }>();
  let isContestAnnounced = false;
  /** Ids are slugs made by regular expressions: made once per language and per user, not once per line. */
  const languageIds = new Map<string, string>();
  const languageIdOf = (language: string) => {
    const id = languageIds.get(language) ?? ccsLanguageIdOf(language);
    languageIds.set(language, id);
    return id;
  };
  const visible = (submittedAt: number) =>
    isJudgementVisible(contest.settings, new Date(submittedAt), {
      isAdmin: sources.isAdmin,
      isSealed: sources.isSealed,
    });

  /** The contest as its entries described it so far; what they never said is today's. */
  function contestAsOf(): CcsContestFacts {
    const text = (field: string) => contestView.get(field) ?? undefined;
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
        sealRankAt: contestView.has('sealRankAt') ? (contestView.get('sealRankAt') ?? null) : settings.sealRankAt,
      },
    };
  }

  /** A team line, after its organization's line the first time a team of it appears. */
  function pushTeam(
    push: (type: CcsEvent['type'], id: string | null, data: unknown) => void,
    userId: string,
    username: string,
  ) {
    const school = sources.schoolsByUserId.get(userId) ?? null;
    const team = ccsTeamOf({ userId, username, school });
    if (school && team.organization_id && !announcedOrganizations.has(team.organization_id)) {
      push('organizations', team.organization_id, ccsOrganizationOf(school));
      announcedOrganizations.add(team.organization_id);
    }
    push('teams', team.id, team);
    announcedTeams.add(userId);
  }

  /** The contest as of the last contest entry (recomputed only there: a feed has few and many other lines). */
  let asOf = contestAsOf();

  return {
    next(entries, submissions) {
      const lines: CcsEvent[] = [];
      for (const entry of entries) {
        const token = entry.position;
        const push = (type: CcsEvent['type'], id: string | null, data: unknown) =>
          lines.push({ type, id, data, token });
        switch (entry.kind) {
          case 'contest':
            for (const change of entry.changes) contestView.set(change.field, change.after ?? null);
            asOf = contestAsOf();
            push('contest', null, ccsContestOf(asOf));
            if (!isContestAnnounced) for (const type of ccsJudgementTypes) push('judgement-types', type.id, type);
            isContestAnnounced = true;
            break;
          case 'contest-problem': {
            if (entry.problemId === null) break;
            const view = problemViews.get(entry.problemId) ?? new Map<string, string | null>();
            for (const change of entry.changes) view.set(change.field, change.after ?? null);
            problemViews.set(entry.problemId, view);
            const isRemoved = entry.command === 'RemoveContestProblem';
            for (const today of sources.problemsByProblemId.get(entry.problemId) ?? []) {
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
            break;
          }
          case 'registration': {
            const username = entry.changes.find((change) => change.field === 'registered')?.after;
            if (entry.userId === null || !username) break;
            pushTeam(push, entry.userId, username);
            break;
          }
          case 'submission': {
            const submission = entry.submissionId === null ? undefined : submissions.get(entry.submissionId);
            if (!submission) break;
            const languageId = languageIdOf(submission.language);
            if (!seenLanguages.has(languageId)) push('languages', languageId, ccsLanguageOf(submission.language));
            seenLanguages.add(languageId);
            // A submitter without a registration (a contest admin, a public contest's visitor) is a team too.
            if (!announcedTeams.has(submission.userId)) {
              pushTeam(push, submission.userId, submission.username);
            }
            push(
              'submissions',
              String(submission.submissionId),
              ccsSubmissionOf(asOf, submission, sources.filesHref(submission.submissionId)),
            );
            const facts = {
              attempt: 0,
              startedAt: entry.recordedAt.getTime(),
              submittedAt: submission.submittedAt.getTime(),
            };
            judging.set(submission.submissionId, facts);
            if (visible(facts.submittedAt)) {
              push('judgements', ccsJudgementIdOf(submission.submissionId, 0), judgement(submission.submissionId));
            }
            break;
          }
          case 'rejudge': {
            const current = entry.submissionId === null ? undefined : judging.get(entry.submissionId);
            const attempt = Number(entry.changes.find((change) => change.field === 'attempt')?.after ?? NaN);
            if (!current || entry.submissionId === null || !Number.isInteger(attempt)) break;
            const next = { ...current, attempt, startedAt: entry.recordedAt.getTime() };
            judging.set(entry.submissionId, next);
            if (visible(next.submittedAt)) {
              push('judgements', ccsJudgementIdOf(entry.submissionId, attempt), judgement(entry.submissionId));
            }
            break;
          }
          case 'verdict':
          case 'manual-verdict':
          case 'cancellation': {
            const verdict = entry.changes.find((change) => change.field === 'verdict')?.after;
            const current = entry.submissionId === null ? undefined : judging.get(entry.submissionId);
            // An event of an older attempt changes nothing (its entry lists no change).
            if (entry.submissionId === null || !current || !verdict || !visible(current.submittedAt)) break;
            const id = ccsJudgementIdOf(entry.submissionId, current.attempt);
            // A cancelled judgement never gets a type: it is withdrawn (a deletion).
            if (entry.kind === 'cancellation') push('judgements', id, null);
            else {
              const score = entry.changes.find((change) => change.field === 'score')?.after;
              push('judgements', id, judgement(entry.submissionId, { verdict, at: entry.recordedAt, score }));
            }
            break;
          }
        }
      }
      return lines;
    },
  };

  function judgement(
    submissionId: number,
    end?: { readonly verdict: string; readonly at: Date; readonly score: string | null | undefined },
  ) {
    const current = judging.get(submissionId);
    const object = ccsJudgementOf(asOf, {
      submissionId,
      attempt: current?.attempt ?? 0,
      verdict: end?.verdict ?? 'Pending',
      startedAt: new Date(current?.startedAt ?? 0),
      endedAt: end?.at ?? null,
      timeMs: null,
    });
    // A score contest's judgements carry the score the verdict gave (the spec's optional judgement score).
    const score = end?.score === undefined || end.score === null ? NaN : Number(end.score);
    return contest.type === 'OI' && object.end_time !== null && Number.isFinite(score) ? { ...object, score } : object;
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
