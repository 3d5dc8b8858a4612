import type { CcsEvent, CcsProblem, CcsState, CcsSubmission, CcsTeam } from '@oj/contracts';
import {
  ccsContestOf,
  ccsJudgementIdOf,
  ccsJudgementOf,
  ccsJudgementTypes,
  ccsLanguageIdOf,
  ccsLanguageOf,
  isJudgementVisible,
  type CcsContestFacts,
} from './ccs-objects';

/** An audited event of the contest, as the feed reads it (a row of the audit-entries projection). */
export interface FeedEntry {
  readonly position: string;
  readonly kind: string;
  readonly submissionId: number | null;
  readonly problemId: number | null;
  readonly userId: string | null;
  readonly recordedAt: Date;
  readonly changes: readonly { readonly field: string; readonly after?: string | null }[];
}

export interface FeedSubmission {
  readonly object: CcsSubmission;
  readonly userId: string;
  readonly language: string;
  readonly submittedAt: Date;
}

export interface FeedSources {
  readonly contest: CcsContestFacts;
  /** The contest's problems today, by the problem id an entry names. */
  readonly problemsByProblemId: ReadonlyMap<number, readonly CcsProblem[]>;
  readonly teamsByUserId: ReadonlyMap<string, CcsTeam>;
  /** A submission's immutable facts (who, what, when, which language) from the submissions read model. */
  readonly submissions: ReadonlyMap<number, FeedSubmission>;
  readonly isAdmin: boolean;
  readonly isSealed: boolean;
  /** The state now: its line closes the feed, with `end_of_updates` once the contest is final. */
  readonly state: CcsState;
}

/**
 * The event feed (2023-06 format) of one contest, folded from its audited events in order. Every line carries the
 * token (the global event position) of the event it derives from; one event may give several lines (a submission
 * gives its submission and its first judgement), all with its token, so resuming after a token never splits an
 * event. The judgement types come with the first contest event, a language with the first submission in it, and
 * the state line with the last event.
 */
export function ccsFeedLines(entries: readonly FeedEntry[], sources: FeedSources): CcsEvent[] {
  const lines: CcsEvent[] = [];
  const seenLanguages = new Set<string>();
  const announcedTeams = new Set<string>();
  const judging = new Map<number, { attempt: number; startedAt: Date }>();
  let isContestAnnounced = false;
  const { contest } = sources;
  const visible = (submittedAt: Date) =>
    isJudgementVisible(contest.settings, submittedAt, { isAdmin: sources.isAdmin, isSealed: sources.isSealed });
  for (const entry of entries) {
    const token = entry.position;
    const push = (type: CcsEvent['type'], id: string | null, data: unknown) => lines.push({ type, id, data, token });
    switch (entry.kind) {
      case 'contest':
        push('contest', null, ccsContestOf(contest));
        if (!isContestAnnounced) for (const type of ccsJudgementTypes) push('judgement-types', type.id, type);
        isContestAnnounced = true;
        break;
      case 'contest-problem':
        for (const problem of sources.problemsByProblemId.get(entry.problemId ?? -1) ?? []) {
          push('problems', problem.id, problem);
        }
        break;
      case 'registration': {
        const team = entry.userId === null ? undefined : sources.teamsByUserId.get(entry.userId);
        if (team) push('teams', team.id, team);
        if (team) announcedTeams.add(team.id);
        break;
      }
      case 'submission': {
        const submission = entry.submissionId === null ? undefined : sources.submissions.get(entry.submissionId);
        if (!submission || entry.submissionId === null) break;
        const languageId = ccsLanguageIdOf(submission.language);
        if (!seenLanguages.has(languageId)) push('languages', languageId, ccsLanguageOf(submission.language));
        seenLanguages.add(languageId);
        // A submitter without a registration (a contest admin, a public contest's visitor) is a team too.
        const team = sources.teamsByUserId.get(submission.userId);
        if (team && !announcedTeams.has(team.id)) push('teams', team.id, team);
        if (team) announcedTeams.add(team.id);
        push('submissions', submission.object.id, submission.object);
        judging.set(entry.submissionId, { attempt: 0, startedAt: entry.recordedAt });
        if (visible(submission.submittedAt))
          push(
            'judgements',
            ccsJudgementIdOf(entry.submissionId, 0),
            judgementData(entry.submissionId, 0, entry.recordedAt, null),
          );
        break;
      }
      case 'rejudge': {
        const submission = entry.submissionId === null ? undefined : sources.submissions.get(entry.submissionId);
        const attempt = Number(entry.changes.find((change) => change.field === 'attempt')?.after ?? NaN);
        if (!submission || entry.submissionId === null || !Number.isInteger(attempt)) break;
        judging.set(entry.submissionId, { attempt, startedAt: entry.recordedAt });
        if (visible(submission.submittedAt))
          push(
            'judgements',
            ccsJudgementIdOf(entry.submissionId, attempt),
            judgementData(entry.submissionId, attempt, entry.recordedAt, null),
          );
        break;
      }
      case 'verdict':
      case 'manual-verdict':
      case 'cancellation': {
        const submission = entry.submissionId === null ? undefined : sources.submissions.get(entry.submissionId);
        const verdict = entry.changes.find((change) => change.field === 'verdict')?.after;
        const current = entry.submissionId === null ? undefined : judging.get(entry.submissionId);
        // An event of an older attempt changes nothing (its entry lists no change).
        if (!submission || entry.submissionId === null || !current || !verdict) break;
        if (!visible(submission.submittedAt)) break;
        const id = ccsJudgementIdOf(entry.submissionId, current.attempt);
        // A cancelled judgement never gets a type: it is withdrawn (a deletion).
        if (entry.kind === 'cancellation') push('judgements', id, null);
        else
          push(
            'judgements',
            id,
            judgementData(entry.submissionId, current.attempt, current.startedAt, { verdict, at: entry.recordedAt }),
          );
        break;
      }
    }
  }
  const last = entries.at(-1);
  if (last) lines.push({ type: 'state', id: null, data: sources.state, token: last.position });
  return lines;

  function judgementData(
    submissionId: number,
    attempt: number,
    startedAt: Date,
    end: { readonly verdict: string; readonly at: Date } | null,
  ) {
    return ccsJudgementOf(contest, {
      submissionId,
      attempt,
      verdict: end?.verdict ?? 'Pending',
      startedAt,
      endedAt: end?.at ?? null,
      timeMs: null,
    });
  }
}

/** The lines after `sinceToken` (all when absent): tokens are positions, compared as integers. */
export function linesAfter(lines: readonly CcsEvent[], sinceToken: string | undefined): CcsEvent[] {
  if (sinceToken === undefined) return [...lines];
  const since = BigInt(sinceToken);
  return lines.filter((line) => BigInt(line.token) > since);
}
