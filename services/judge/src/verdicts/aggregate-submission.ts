import type { ScoringRules } from './scoring-rules';
import { verdictsWithErrorMessage, type Verdict } from './verdict';

/** One stored case as the aggregation sees it; `score` is the case's OI score (ignored for ACM). */
export interface ScoredCase {
  readonly seq: number;
  readonly groupNum: number;
  readonly verdict: Verdict;
  readonly timeMs: number;
  readonly memoryKib: number;
  readonly score: number;
  readonly message: string;
}

export interface SubmissionOutcome {
  readonly verdict: Verdict;
  /** OI only; null for ACM. */
  readonly score: number | null;
  readonly oiRankScore: number | null;
  /** Max over the stored cases, capped at the limit (judging.md §4.4): never a sum. */
  readonly timeMs: number;
  readonly memoryKib: number;
  /** Only for CE, SE, RE and SF, as HOJ stores it. */
  readonly errorMessage: string | null;
}

export const noTestDataMessage = 'The problem has no test data';

/** Case results → the submission's verdict, score, oiRankScore, time and memory (judging.md §4.3–4.4). */
export function aggregateSubmission(rules: ScoringRules, cases: readonly ScoredCase[]): SubmissionOutcome {
  const ordered = [...cases].sort((a, b) => a.seq - b.seq);
  const timeMs = Math.min(rules.timeLimitMs, Math.max(0, ...ordered.map((c) => c.timeMs)));
  const memoryKib = Math.min(rules.memoryLimitKib, Math.max(0, ...ordered.map((c) => c.memoryKib)));
  if (ordered.length === 0) {
    return { verdict: 'SE', score: null, oiRankScore: null, timeMs, memoryKib, errorMessage: noTestDataMessage };
  }
  const isOi = rules.problemType === 'OI';
  const score = isOi ? totalScore(rules, ordered) : null;
  const verdict = isOi ? oiVerdict(ordered, score ?? 0) : acmVerdict(ordered);
  const oiRankScore = score === null ? null : rankScore(score, rules);
  const source = ordered.find((c) => c.verdict === verdict);
  const errorMessage = verdictsWithErrorMessage.has(verdict) ? (source?.message ?? '') : null;
  return { verdict, score, oiRankScore, timeMs, memoryKib, errorMessage };
}

function acmVerdict(ordered: readonly ScoredCase[]): Verdict {
  return ordered.find((c) => c.verdict !== 'AC')?.verdict ?? 'AC';
}

/**
 * A system error anywhere makes the OI score untrustworthy, so it wins. Otherwise any credit (an AC case or a
 * positive score) is PA; HOJ reports the first failure even when the score is positive (§12.5, fixed).
 */
function oiVerdict(ordered: readonly ScoredCase[], score: number): Verdict {
  const firstError = ordered.find((c) => c.verdict !== 'AC');
  if (!firstError) return 'AC';
  if (ordered.some((c) => c.verdict === 'SE')) return 'SE';
  if (score > 0 || ordered.some((c) => c.verdict === 'AC')) return 'PA';
  return firstError.verdict;
}

function totalScore(rules: ScoringRules, ordered: readonly ScoredCase[]): number {
  const allAccepted = ordered.every((c) => c.verdict === 'AC');
  if (rules.judgeCaseMode === 'default' && allAccepted) return rules.ioScore;
  const sum = summedScore(rules, ordered);
  return rules.ioScore !== 0 && sum > rules.ioScore ? rules.ioScore : sum;
}

function summedScore(rules: ScoringRules, ordered: readonly ScoredCase[]): number {
  if (rules.judgeCaseMode === 'default' || rules.judgeCaseMode === 'ergodic_without_error') {
    return ordered.reduce((total, c) => total + c.score, 0);
  }
  let total = 0;
  for (const scores of groupScores(ordered).values()) {
    total +=
      rules.judgeCaseMode === 'subtask_lowest'
        ? Math.min(...scores)
        : Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);
  }
  return total;
}

function groupScores(ordered: readonly ScoredCase[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const c of ordered) {
    const scores = groups.get(c.groupNum);
    if (scores) scores.push(c.score);
    else groups.set(c.groupNum, [c.score]);
  }
  return groups;
}

/** HOJ's proportional formula; with ioScore 0 the difficulty term is dropped (HOJ yields 0 there). */
function rankScore(score: number, rules: ScoringRules): number {
  const difficultyPart = rules.ioScore === 0 ? 0 : (2 * rules.difficulty * score) / rules.ioScore;
  return Math.round(score * 0.1 + difficultyPart);
}
