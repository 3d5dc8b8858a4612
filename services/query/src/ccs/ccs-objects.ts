/* eslint-disable max-lines -- one mapper per CCS object type, sharing the contest clock, id and judgement-type helpers. */
import { createHash } from 'node:crypto';
import type {
  CcsContest,
  CcsOrganization,
  CcsJudgement,
  CcsJudgementType,
  CcsLanguage,
  CcsAward,
  CcsProblem,
  CcsRun,
  CcsScoreboard,
  CcsState,
  CcsSubmission,
  CcsTeam,
} from '@oj/contracts';
import type { ContestSettings } from '@oj/events';

/**
 * Pure mappings from our read models to ICPC Contest API (2023-06) objects (docs/ccs.md). Ids are our ids as
 * text: a contest, a submission and a team (a user id) already fit the spec's id pattern; a problem is its
 * contest-problem link id and a language a slug of its name.
 */

const two = (value: number): string => (value < 10 ? `0${value}` : `${value}`);
const three = (value: number): string => (value < 10 ? `00${value}` : value < 100 ? `0${value}` : `${value}`);

/**
 * The text of the last two minutes formatted (`2026-03-01T10:05:`): a feed's times mostly share their minute, and
 * its lines alternate between two clocks (when a submission was made, when the event was recorded).
 */
const minuteTexts = { minute: NaN, text: '', otherMinute: NaN, otherText: '' };

function minuteTextOf(minute: number): string {
  const texts = minuteTexts;
  if (minute === texts.minute) return texts.text;
  if (minute !== texts.otherMinute) {
    // `…THH:MM:ss.sssZ`: the minute's text is all but the last seven characters.
    texts.otherMinute = minute;
    texts.otherText = new Date(minute * 60_000).toISOString().slice(0, -7);
  }
  // The one just used is the one to keep: the other slot is replaced next.
  const { minute: recent, text: recentText } = texts;
  texts.minute = texts.otherMinute;
  texts.text = texts.otherText;
  texts.otherMinute = recent;
  texts.otherText = recentText;
  return texts.text;
}

/**
 * TIME: ISO 8601 with milliseconds and an explicit +00:00 offset (the spec wants an offset, not `Z`). Called for
 * nearly every line of the event feed, so the minute's text is remembered and only seconds and milliseconds are
 * written (the same text as toISOString; ccs-feed-lines.test.ts checks it).
 */
export function ccsTimeOf(instant: Date | string | number): string {
  // A Date keeps whole milliseconds (truncated): epoch times read from SQL may carry microseconds.
  const ms = typeof instant === 'number' ? Math.trunc(instant) : new Date(instant).getTime();
  const minute = Math.floor(ms / 60_000);
  const rest = ms - minute * 60_000;
  return `${minuteTextOf(minute)}${two(Math.floor(rest / 1000))}.${three(rest % 1000)}+00:00`;
}

/** RELTIME `h:mm:ss.uuu` of a duration in milliseconds, negative before the start. */
export function ccsRelTimeOf(milliseconds: number): string {
  const sign = milliseconds < 0 ? '-' : '';
  const total = Math.abs(Math.trunc(milliseconds));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor(total / 60_000) % 60;
  const seconds = Math.floor(total / 1000) % 60;
  return `${sign}${hours}:${two(minutes)}:${two(seconds)}.${three(total % 1000)}`;
}

const contestTimeOf = (settings: ContestSettings, instant: Date | string): string =>
  ccsRelTimeOf(new Date(instant).getTime() - Date.parse(settings.startAt));

/** The judgement types we can give, from the spec's known types; penalty as in ICPC rules (CE and JE cost nothing). */
export const ccsJudgementTypes: readonly CcsJudgementType[] = [
  { id: 'AC', name: 'correct', penalty: false, solved: true },
  { id: 'WA', name: 'wrong answer', penalty: true, solved: false },
  { id: 'PE', name: 'presentation error', penalty: true, solved: false },
  { id: 'TLE', name: 'time limit exceeded', penalty: true, solved: false },
  { id: 'MLE', name: 'memory limit exceeded', penalty: true, solved: false },
  { id: 'RTE', name: 'run-time error', penalty: true, solved: false },
  { id: 'CE', name: 'compiler error', penalty: false, solved: false },
  { id: 'JE', name: 'judging error', penalty: false, solved: false },
];

/**
 * Our verdict → the judgement type; null while judging and for a cancelled judgement (no type is given).
 * PA (partly accepted, OI) is not solved: WA. SE and SF are the judge's own failures: JE.
 */
export function ccsJudgementTypeOf(verdict: string): string | null {
  switch (verdict) {
    case 'AC':
    case 'WA':
    case 'PE':
    case 'TLE':
    case 'MLE':
    case 'CE':
      return verdict;
    case 'RE':
      return 'RTE';
    case 'PA':
      return 'WA';
    case 'SE':
    case 'SF':
      return 'JE';
    default:
      return null;
  }
}

/** A language's id: its name lowered, `+` as `p`, `#` as `sharp`, anything else outside the id alphabet as `-`. */
export const ccsLanguageIdOf = (language: string): string =>
  language
    .toLowerCase()
    .replace(/\+/g, 'p')
    .replace(/#/g, 'sharp')
    .replace(/[^a-z0-9_.-]/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, 36)
    .replace(/\.+$/, '') || 'unknown';

const extensionsByLanguage: Readonly<Record<string, readonly string[]>> = {
  c: ['c'],
  cpp: ['cpp', 'cc', 'cxx'],
  java: ['java'],
  python: ['py'],
  go: ['go'],
  csharp: ['cs'],
  javascript: ['js'],
  php: ['php'],
  ruby: ['rb'],
  rust: ['rs'],
};

export function ccsLanguageOf(language: string): CcsLanguage {
  const id = ccsLanguageIdOf(language);
  const family = Object.keys(extensionsByLanguage).find((key) => id === key || id.startsWith(key));
  return {
    id,
    name: language,
    entry_point_required: false,
    extensions: [...(family ? (extensionsByLanguage[family] ?? []) : [])],
  };
}

export interface CcsContestFacts {
  readonly contestId: number;
  readonly type: 'ACM' | 'OI';
  readonly title: string;
  readonly settings: ContestSettings;
}

export function ccsContestOf({ contestId, type, title, settings }: CcsContestFacts): CcsContest {
  const start = Date.parse(settings.startAt);
  const end = Date.parse(settings.endAt);
  const freeze = settings.sealRank && settings.sealRankAt ? end - Date.parse(settings.sealRankAt) : null;
  return {
    id: String(contestId),
    name: title,
    formal_name: title,
    start_time: ccsTimeOf(settings.startAt),
    duration: ccsRelTimeOf(end - start),
    scoreboard_freeze_duration: freeze === null ? null : ccsRelTimeOf(Math.max(0, freeze)),
    scoreboard_type: type === 'OI' ? 'score' : 'pass-fail',
    penalty_time: ccsRelTimeOf(type === 'ACM' ? 20 * 60_000 : 0),
  };
}

/**
 * The contest's state at `now`. `boardOpen`: the public board shows everything (no seal in force), so a contest
 * that has ended with its board open is final: thawed (if it froze), finalized and at the end of its updates.
 */
export function ccsStateOf(settings: ContestSettings, now: Date, boardOpen: boolean): CcsState {
  const time = now.getTime();
  const started = Date.parse(settings.startAt) <= time ? ccsTimeOf(settings.startAt) : null;
  const sealAt = settings.sealRank && settings.sealRankAt ? settings.sealRankAt : null;
  const frozen = sealAt !== null && Date.parse(sealAt) <= time ? ccsTimeOf(sealAt) : null;
  const ended = Date.parse(settings.endAt) <= time ? ccsTimeOf(settings.endAt) : null;
  const isFinal = ended !== null && boardOpen;
  return {
    started,
    frozen,
    ended,
    thawed: isFinal && frozen !== null ? ccsTimeOf(settings.endAt) : null,
    finalized: isFinal ? ccsTimeOf(settings.endAt) : null,
    end_of_updates: isFinal ? ccsTimeOf(settings.endAt) : null,
  };
}

export interface CcsProblemFacts {
  readonly contestProblemId: number;
  readonly displayId: string;
  readonly displayTitle: string;
  readonly color: string | null;
  readonly timeLimitMs: number | null;
  readonly testDataCount: number;
  /** The sum of the test cases' scores; the spec wants it on every problem of a score contest. */
  readonly maxScore?: number | null;
}

export function ccsProblemOf(problem: CcsProblemFacts, ordinal: number): CcsProblem {
  const rgb = problem.color && /^#[0-9A-Fa-f]{6}$/.test(problem.color) ? problem.color : null;
  return {
    id: String(problem.contestProblemId),
    label: problem.displayId,
    name: problem.displayTitle,
    ordinal,
    ...(rgb ? { rgb } : {}),
    ...(problem.timeLimitMs === null ? {} : { time_limit: problem.timeLimitMs / 1000 }),
    test_data_count: problem.testDataCount,
    ...(problem.maxScore === undefined || problem.maxScore === null ? {} : { max_score: problem.maxScore }),
  };
}

/**
 * A team is a user. Its organization is the user's school (the site's only affiliation field): the
 * organization's id is a digest of the school's name, which may be in any script while ids may not.
 */
export const ccsTeamOf = (team: {
  readonly userId: string;
  readonly username: string;
  readonly school?: string | null;
}): CcsTeam => ({
  id: ccsIdOfUser(team.userId),
  label: team.username,
  name: team.username,
  display_name: team.username,
  ...(team.school?.trim() ? { organization_id: ccsOrganizationIdOf(team.school) } : {}),
  group_ids: [],
  hidden: false,
});

export const ccsOrganizationIdOf = (school: string): string =>
  `org-${createHash('sha256').update(school.trim()).digest('hex').slice(0, 16)}`;

export const ccsOrganizationOf = (school: string): CcsOrganization => ({
  id: ccsOrganizationIdOf(school),
  name: school.trim(),
  formal_name: school.trim(),
});

/** A user id as a CCS id (ours are uuids or digits, both fit; anything else is reduced to the id alphabet). */
export const ccsIdOfUser = (userId: string): string =>
  userId
    .replace(/[^A-Za-z0-9_.-]/g, '_')
    .replace(/^[.-]/, '_')
    .slice(0, 36)
    .replace(/\.$/, '_');

export interface CcsSubmissionFacts {
  readonly submissionId: number;
  readonly contestProblemId: number;
  readonly userId: string;
  readonly language: string;
  readonly submittedAt: Date;
}

export function ccsSubmissionOf(
  contest: CcsContestFacts,
  submission: CcsSubmissionFacts,
  filesHref: string,
): CcsSubmission {
  return {
    id: String(submission.submissionId),
    language_id: ccsLanguageIdOf(submission.language),
    problem_id: String(submission.contestProblemId),
    team_id: ccsIdOfUser(submission.userId),
    time: ccsTimeOf(submission.submittedAt),
    contest_time: contestTimeOf(contest.settings, submission.submittedAt),
    files: [{ href: filesHref, filename: 'files.zip', mime: 'application/zip' }],
  };
}

export interface CcsJudgementFacts {
  readonly submissionId: number;
  readonly attempt: number;
  readonly verdict: string;
  readonly startedAt: Date;
  /** When the verdict was given; null while judging. */
  readonly endedAt: Date | null;
  readonly timeMs: number | null;
}

/** A judgement per attempt: `<submission>-<attempt>`, so a rejudge is a new judgement, as the spec wants. */
export const ccsJudgementIdOf = (submissionId: number, attempt: number): string => `${submissionId}-${attempt}`;

export function ccsJudgementOf(contest: CcsContestFacts, judgement: CcsJudgementFacts): CcsJudgement {
  const type = judgement.endedAt === null ? null : ccsJudgementTypeOf(judgement.verdict);
  const ended = type === null ? null : judgement.endedAt;
  return {
    id: ccsJudgementIdOf(judgement.submissionId, judgement.attempt),
    submission_id: String(judgement.submissionId),
    judgement_type_id: type,
    start_time: ccsTimeOf(judgement.startedAt),
    start_contest_time: contestTimeOf(contest.settings, judgement.startedAt),
    end_time: ended === null ? null : ccsTimeOf(ended),
    end_contest_time: ended === null ? null : contestTimeOf(contest.settings, ended),
    ...(ended !== null && judgement.timeMs !== null ? { max_run_time: judgement.timeMs / 1000 } : {}),
  };
}

/**
 * Whether `viewer` may see the judgement of a submission made at `submittedAt`: the public role sees none of a
 * submission made during the freeze while the seal is in force for it.
 */
export function isJudgementVisible(
  settings: ContestSettings,
  submittedAt: Date,
  { isAdmin, isSealed }: { readonly isAdmin: boolean; readonly isSealed: boolean },
): boolean {
  if (isAdmin || !isSealed || !settings.sealRankAt) return true;
  return submittedAt.getTime() < Date.parse(settings.sealRankAt);
}

export interface CcsScoredSubmission {
  readonly userId: string;
  readonly contestProblemId: number;
  readonly submittedAt: Date;
  /** The verdict as shown to the viewer: null while pending or hidden by the seal. */
  readonly verdict: string | null;
}

/**
 * The pass-fail scoreboard (ICPC rules) from the submissions the viewer may see: solved count, then total time
 * (minutes of each first AC plus 20 per earlier penalised attempt), ties share a rank; no first-to-solve flags
 * across hidden verdicts.
 */
export function ccsScoreboardOf(
  contest: CcsContestFacts,
  state: CcsState,
  now: Date,
  teams: readonly string[],
  problems: readonly number[],
  submissions: readonly CcsScoredSubmission[],
): CcsScoreboard {
  const start = Date.parse(contest.settings.startAt);
  const penalised = new Set(ccsJudgementTypes.filter((type) => type.penalty).map((type) => type.id));
  const ordered = [...submissions].sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime());
  const rows = teams.map((team) => {
    let numSolved = 0;
    let totalMinutes = 0;
    const cells = problems.map((problem) => {
      let judged = 0;
      let penalties = 0;
      let pending = 0;
      let solvedAt: number | null = null;
      for (const submission of ordered) {
        if (submission.userId !== team || submission.contestProblemId !== problem || solvedAt !== null) continue;
        const type = submission.verdict === null ? null : ccsJudgementTypeOf(submission.verdict);
        if (type === null) pending += 1;
        else {
          judged += 1;
          if (type === 'AC') solvedAt = submission.submittedAt.getTime() - start;
          else if (penalised.has(type)) penalties += 1;
        }
      }
      if (solvedAt !== null) {
        numSolved += 1;
        totalMinutes += Math.floor(solvedAt / 60_000) + 20 * penalties;
      }
      return {
        problem_id: String(problem),
        num_judged: judged,
        num_pending: pending,
        solved: solvedAt !== null,
        ...(solvedAt === null ? {} : { time: ccsRelTimeOf(Math.floor(solvedAt / 60_000) * 60_000) }),
        solvedAt,
      };
    });
    return { team, numSolved, totalMinutes, cells };
  });
  // First to solve: the earliest visible AC of each problem, to the millisecond (ties all get it).
  const firstSolves = problems.map((_, index) =>
    Math.min(...rows.map((row) => row.cells[index]?.solvedAt ?? Infinity)),
  );
  rows.sort((a, b) => b.numSolved - a.numSolved || a.totalMinutes - b.totalMinutes || a.team.localeCompare(b.team));
  return {
    time: ccsTimeOf(now),
    contest_time: ccsRelTimeOf(now.getTime() - start),
    state,
    rows: rows.map((row, index) => {
      const first = rows.findIndex(
        (other) => other.numSolved === row.numSolved && other.totalMinutes === row.totalMinutes,
      );
      return {
        rank: (first === -1 ? index : first) + 1,
        team_id: ccsIdOfUser(row.team),
        score: { num_solved: row.numSolved, total_time: ccsRelTimeOf(row.totalMinutes * 60_000) },
        problems: row.cells.map(({ solvedAt, ...cell }, index) =>
          solvedAt === null ? cell : { ...cell, first_to_solve: solvedAt === firstSolves[index] },
        ),
      };
    }),
  };
}

export interface CcsScoredAttempt extends CcsScoredSubmission {
  /** The score the verdict gave (OI); null while pending, hidden or never scored. */
  readonly score: number | null;
}

/**
 * The score scoreboard (the spec's `score` type, our OI contests): each problem's score is the team's latest
 * judged score or its highest (the contest's `oiRankScoreType`, as our OI board), the row's score their sum; ties
 * share a rank. `time` is the contest time of the submission that gave a cell its score (when above zero), the
 * row's the latest of those (the spec's time of the last improvement). Hidden and pending verdicts count as pending.
 */
export function ccsScoreScoreboardOf(
  contest: CcsContestFacts,
  state: CcsState,
  now: Date,
  teams: readonly string[],
  problems: readonly number[],
  submissions: readonly CcsScoredAttempt[],
): CcsScoreboard {
  const start = Date.parse(contest.settings.startAt);
  const isHighest = contest.settings.oiRankScoreType === 'Highest';
  const ordered = [...submissions].sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime());
  const byCell = new Map<string, CcsScoredAttempt[]>();
  for (const submission of ordered) {
    const key = `${submission.userId} ${submission.contestProblemId}`;
    const list = byCell.get(key) ?? [];
    list.push(submission);
    byCell.set(key, list);
  }
  const rows = teams.map((team) => {
    let total = 0;
    let lastImprovement: number | null = null;
    const cells = problems.map((problem) => {
      let judged = 0;
      let pending = 0;
      let score = 0;
      let scoredAt: number | null = null;
      for (const submission of byCell.get(`${team} ${problem}`) ?? []) {
        const type = submission.verdict === null ? null : ccsJudgementTypeOf(submission.verdict);
        if (type === null) {
          pending += 1;
          continue;
        }
        judged += 1;
        const value = submission.score ?? 0;
        if (isHighest ? value > score : true) {
          score = value;
          scoredAt = submission.submittedAt.getTime() - start;
        }
      }
      total += score;
      if (score > 0 && scoredAt !== null) lastImprovement = Math.max(lastImprovement ?? 0, scoredAt);
      return {
        problem_id: String(problem),
        num_judged: judged,
        num_pending: pending,
        score,
        ...(score > 0 && scoredAt !== null ? { time: ccsRelTimeOf(Math.floor(scoredAt / 60_000) * 60_000) } : {}),
      };
    });
    return { team, total, lastImprovement, cells };
  });
  rows.sort((a, b) => b.total - a.total || a.team.localeCompare(b.team));
  return {
    time: ccsTimeOf(now),
    contest_time: ccsRelTimeOf(now.getTime() - start),
    state,
    rows: rows.map((row) => ({
      rank: rows.findIndex((other) => other.total === row.total) + 1,
      team_id: ccsIdOfUser(row.team),
      score: {
        score: row.total,
        ...(row.lastImprovement === null ? {} : { time: ccsRelTimeOf(row.lastImprovement) }),
      },
      problems: row.cells,
    })),
  };
}

export interface CcsRunFacts {
  readonly submissionId: number;
  readonly attempt: number;
  /** 1-based, in the order the cases ran. */
  readonly ordinal: number;
  readonly status: string;
  readonly timeMs: number;
  /** When the judgement that holds the run ended (case times are not recorded). */
  readonly at: Date;
}

/** A test case's result as a run of the attempt's judgement; null for a case with no judgement type (skipped). */
export function ccsRunOf(contest: CcsContestFacts, run: CcsRunFacts): CcsRun | null {
  const type = ccsJudgementTypeOf(run.status);
  if (type === null) return null;
  return {
    id: `${ccsJudgementIdOf(run.submissionId, run.attempt)}-${run.ordinal}`,
    judgement_id: ccsJudgementIdOf(run.submissionId, run.attempt),
    ordinal: run.ordinal,
    judgement_type_id: type,
    time: ccsTimeOf(run.at),
    contest_time: contestTimeOf(contest.settings, run.at),
    run_time: run.timeMs / 1000,
  };
}

/**
 * Awards from a scoreboard: `winner` (the teams ranked first, once anyone solved something) and, per problem,
 * `first-to-solve-<problem id>`. They follow the board the caller sees, so the public's stop at the freeze.
 */
export function ccsAwardsOf(board: CcsScoreboard, labels: ReadonlyMap<string, string>): CcsAward[] {
  const awards: CcsAward[] = [];
  const hasScored = (score: CcsScoreboard['rows'][number]['score']) =>
    'num_solved' in score ? score.num_solved > 0 : score.score > 0;
  const winners = board.rows.filter((row) => row.rank === 1 && hasScored(row.score)).map((row) => row.team_id);
  if (winners.length > 0) awards.push({ id: 'winner', citation: 'Contest winner', team_ids: winners });
  for (const [problemId, label] of labels) {
    const teams = board.rows
      .filter((row) => row.problems.some((cell) => cell.problem_id === problemId && cell.first_to_solve === true))
      .map((row) => row.team_id);
    if (teams.length > 0) {
      awards.push({ id: `first-to-solve-${problemId}`, citation: `First to solve problem ${label}`, team_ids: teams });
    }
  }
  return awards;
}
