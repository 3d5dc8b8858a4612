import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregateSubmission, type ScoredCase } from './aggregate-submission';
import type { ScoringRules } from './scoring-rules';
import type { Verdict } from './verdict';

/** The reference: judging.md §4.3–4.4 read literally, one loop per rule, no sharing with the implementation. */
function referenceAggregate(rules: ScoringRules, cases: readonly ScoredCase[]) {
  const sorted = [...cases].sort((a, b) => a.seq - b.seq);
  let maxTime = 0;
  let maxMemory = 0;
  for (const c of sorted) {
    if (c.timeMs > maxTime) maxTime = c.timeMs;
    if (c.memoryKib > maxMemory) maxMemory = c.memoryKib;
  }
  const timeMs = maxTime > rules.timeLimitMs ? rules.timeLimitMs : maxTime;
  const memoryKib = maxMemory > rules.memoryLimitKib ? rules.memoryLimitKib : maxMemory;
  const errors = sorted.filter((c) => c.verdict !== 'AC');
  if (rules.problemType === 'ACM') {
    const verdict: Verdict = errors.length === 0 ? 'AC' : (errors[0]?.verdict ?? 'AC');
    return { verdict, score: null, oiRankScore: null, timeMs, memoryKib };
  }
  let score = 0;
  if (rules.judgeCaseMode === 'default' && errors.length === 0) {
    score = rules.ioScore;
  } else {
    const groupIds: number[] = [];
    for (const c of sorted) if (!groupIds.includes(c.groupNum)) groupIds.push(c.groupNum);
    if (rules.judgeCaseMode === 'default' || rules.judgeCaseMode === 'ergodic_without_error') {
      for (const c of sorted) score += c.score;
    }
    for (const g of groupIds) {
      const members = sorted.filter((c) => c.groupNum === g).map((c) => c.score);
      if (rules.judgeCaseMode === 'subtask_lowest') score += Math.min(...members);
      if (rules.judgeCaseMode === 'subtask_average') {
        score += Math.round(members.reduce((a, b) => a + b, 0) / members.length);
      }
    }
    if (rules.ioScore !== 0 && score > rules.ioScore) score = rules.ioScore;
  }
  let verdict: Verdict;
  if (errors.length === 0) verdict = 'AC';
  else if (errors.some((c) => c.verdict === 'SE')) verdict = 'SE';
  else if (errors.length < sorted.length || score > 0) verdict = 'PA';
  else verdict = errors[0]?.verdict ?? 'AC';
  const oiRankScore =
    rules.ioScore === 0
      ? Math.round(score * 0.1)
      : Math.round(score * 0.1 + (2 * rules.difficulty * score) / rules.ioScore);
  return { verdict, score, oiRankScore, timeMs, memoryKib };
}

const verdictArb = fc.constantFrom<Verdict>('AC', 'AC', 'AC', 'WA', 'PE', 'TLE', 'MLE', 'RE', 'SE', 'PA', 'CA');

const rulesArb: fc.Arbitrary<ScoringRules> = fc.record({
  problemType: fc.constantFrom('ACM' as const, 'OI' as const),
  judgeCaseMode: fc.constantFrom(
    'default' as const,
    'ergodic_without_error' as const,
    'subtask_lowest' as const,
    'subtask_average' as const,
  ),
  ioScore: fc.integer({ min: 0, max: 300 }),
  difficulty: fc.integer({ min: 0, max: 2 }),
  timeLimitMs: fc.integer({ min: 1, max: 5000 }),
  memoryLimitKib: fc.integer({ min: 1, max: 1 << 20 }),
});

const casesArb: fc.Arbitrary<ScoredCase[]> = fc
  .array(
    fc.record({
      groupNum: fc.integer({ min: 1, max: 4 }),
      verdict: verdictArb,
      timeMs: fc.integer({ min: 0, max: 10_000 }),
      memoryKib: fc.integer({ min: 0, max: 2 << 20 }),
      score: fc.integer({ min: 0, max: 50 }),
      message: fc.string({ maxLength: 5 }),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((rows) => rows.map((row, index) => ({ ...row, seq: index + 1 })));

describe('aggregateSubmission', () => {
  it('agrees with the literal reference reading of the rules', () => {
    fc.assert(
      fc.property(rulesArb, casesArb, (rules, cases) => {
        const { errorMessage: _ignored, ...outcome } = aggregateSubmission(rules, cases);
        expect(outcome).toEqual(referenceAggregate(rules, cases));
      }),
    );
  });

  it('does not depend on the order the case results arrive in', () => {
    fc.assert(
      fc.property(
        rulesArb,
        casesArb.chain((cases) =>
          fc.tuple(fc.constant(cases), fc.shuffledSubarray(cases, { minLength: cases.length })),
        ),
        (rules, [cases, shuffled]) => {
          expect(aggregateSubmission(rules, shuffled)).toEqual(aggregateSubmission(rules, cases));
        },
      ),
    );
  });

  it('reports time and memory as capped maxima, never sums', () => {
    fc.assert(
      fc.property(rulesArb, casesArb, (rules, cases) => {
        const outcome = aggregateSubmission(rules, cases);
        expect(outcome.timeMs).toBe(Math.min(rules.timeLimitMs, Math.max(...cases.map((c) => c.timeMs))));
        expect(outcome.memoryKib).toBe(Math.min(rules.memoryLimitKib, Math.max(...cases.map((c) => c.memoryKib))));
      }),
    );
  });

  it('keeps an OI score within [0, ioScore] and never lowers it when a case scores more', () => {
    const oiRules = rulesArb.map((r) => ({ ...r, problemType: 'OI' as const, ioScore: Math.max(1, r.ioScore) }));
    fc.assert(
      fc.property(oiRules, casesArb, fc.nat(), fc.integer({ min: 1, max: 20 }), (rules, cases, pick, bonus) => {
        const outcome = aggregateSubmission(rules, cases);
        expect(outcome.score).toBeGreaterThanOrEqual(0);
        expect(outcome.score).toBeLessThanOrEqual(rules.ioScore);
        const index = pick % cases.length;
        const better = cases.map((c, i) => (i === index ? { ...c, score: c.score + bonus } : c));
        expect(aggregateSubmission(rules, better).score).toBeGreaterThanOrEqual(outcome.score ?? 0);
      }),
    );
  });

  it('gives ACM submissions no score and the first failing case as verdict', () => {
    const rules: ScoringRules = {
      problemType: 'ACM',
      judgeCaseMode: 'default',
      ioScore: 100,
      difficulty: 1,
      timeLimitMs: 1000,
      memoryLimitKib: 65536,
    };
    const cases: ScoredCase[] = [
      { seq: 2, groupNum: 1, verdict: 'RE', timeMs: 5, memoryKib: 10, score: 0, message: 'exit 3' },
      { seq: 1, groupNum: 1, verdict: 'AC', timeMs: 1500, memoryKib: 20, score: 0, message: '' },
      { seq: 3, groupNum: 1, verdict: 'WA', timeMs: 5, memoryKib: 10, score: 0, message: '' },
    ];
    expect(aggregateSubmission(rules, cases)).toEqual({
      verdict: 'RE',
      score: null,
      oiRankScore: null,
      timeMs: 1000,
      memoryKib: 20,
      errorMessage: 'exit 3',
    });
  });

  it('reports PA for an OI submission whose first case fails but which earns points', () => {
    const rules: ScoringRules = {
      problemType: 'OI',
      judgeCaseMode: 'default',
      ioScore: 100,
      difficulty: 2,
      timeLimitMs: 1000,
      memoryLimitKib: 65536,
    };
    const cases: ScoredCase[] = [
      { seq: 1, groupNum: 1, verdict: 'WA', timeMs: 1, memoryKib: 1, score: 0, message: '' },
      { seq: 2, groupNum: 1, verdict: 'PA', timeMs: 1, memoryKib: 1, score: 25, message: '' },
    ];
    const outcome = aggregateSubmission(rules, cases);
    expect(outcome).toMatchObject({ verdict: 'PA', score: 25, oiRankScore: Math.round(2.5 + 1) });
  });

  it('sums subtask groups by their lowest and their rounded average', () => {
    const base = { problemType: 'OI' as const, ioScore: 100, difficulty: 0, timeLimitMs: 1000, memoryLimitKib: 1 };
    const cases: ScoredCase[] = [
      { seq: 1, groupNum: 1, verdict: 'AC', timeMs: 1, memoryKib: 1, score: 20, message: '' },
      { seq: 2, groupNum: 1, verdict: 'WA', timeMs: 1, memoryKib: 1, score: 0, message: '' },
      { seq: 3, groupNum: 2, verdict: 'AC', timeMs: 1, memoryKib: 1, score: 30, message: '' },
      { seq: 4, groupNum: 2, verdict: 'AC', timeMs: 1, memoryKib: 1, score: 30, message: '' },
    ];
    expect(aggregateSubmission({ ...base, judgeCaseMode: 'subtask_lowest' }, cases).score).toBe(30);
    expect(aggregateSubmission({ ...base, judgeCaseMode: 'subtask_average' }, cases).score).toBe(40);
  });

  it('answers SE when there are no cases at all', () => {
    const rules: ScoringRules = {
      problemType: 'OI',
      judgeCaseMode: 'default',
      ioScore: 100,
      difficulty: 0,
      timeLimitMs: 1000,
      memoryLimitKib: 1024,
    };
    expect(aggregateSubmission(rules, []).verdict).toBe('SE');
  });
});
