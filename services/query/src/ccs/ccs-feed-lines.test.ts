import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ContestSettings } from '@oj/events';
import { ccsJudgementLine, ccsObjectLine, ccsSubmissionLine } from './ccs-feed-lines';
import { ccsIdOfUser, ccsJudgementOf, ccsLanguageIdOf, ccsSubmissionOf, type CcsContestFacts } from './ccs-objects';

/** The contest's start; instants around it, before and after (negative contest times), to the millisecond. */
const startMs = Date.parse('2026-03-01T10:00:00.000Z');
const instant = fc.integer({ min: startMs - 86_400_000, max: startMs + 400 * 86_400_000 });
const contest = {
  contestId: 7,
  type: 'ACM',
  title: 'x',
  settings: { startAt: new Date(startMs).toISOString() } as ContestSettings,
} satisfies CcsContestFacts;
const verdicts = ['AC', 'WA', 'PE', 'TLE', 'MLE', 'CE', 'RE', 'PA', 'SE', 'SF', 'CA', 'Pending', 'Judging'];

/** The template lines are the text JSON.stringify makes of the object mappers' objects (the REST endpoints'). */
describe('the feed lines written by template', () => {
  it('a submission line is ccsSubmissionOf as a feed line', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        instant,
        fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }),
        (submissionId, contestProblemId, language, userId, submittedMs, token) => {
          const href = `contests/7/submissions/${submissionId}/files`;
          const facts = { submissionId, contestProblemId, userId, language, submittedAt: new Date(submittedMs) };
          const line = ccsSubmissionLine(
            {
              submissionId,
              contestProblemId,
              languageId: ccsLanguageIdOf(language),
              teamId: ccsIdOfUser(userId),
              submittedMs,
            },
            startMs,
            href,
            String(token),
          );
          expect(line).toBe(
            ccsObjectLine('submissions', String(submissionId), ccsSubmissionOf(contest, facts, href), String(token)),
          );
        },
      ),
    );
  });

  it('a judgement line is ccsJudgementOf as a feed line, with the score of an ended one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.nat({ max: 1000 }),
        instant,
        fc.option(fc.record({ verdict: fc.constantFrom(...verdicts), atMs: instant })),
        fc.option(fc.double({ noNaN: true, noDefaultInfinity: true })),
        (submissionId, attempt, startedMs, end, score) => {
          const line = ccsJudgementLine({ submissionId, attempt, startedMs, end, score }, startMs, '42');
          const object = ccsJudgementOf(contest, {
            submissionId,
            attempt,
            verdict: end?.verdict ?? 'Pending',
            startedAt: new Date(startedMs),
            endedAt: end === null ? null : new Date(end.atMs),
            timeMs: null,
          });
          const data = object.end_time !== null && score !== null ? { ...object, score } : object;
          expect(line).toBe(ccsObjectLine('judgements', object.id, data, '42'));
        },
      ),
    );
  });
});
