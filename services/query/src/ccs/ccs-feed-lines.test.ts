import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ContestSettings } from '@oj/events';
import { ccsJudgementLine, ccsObjectLine, ccsSubmissionLine } from './ccs-feed-lines';
import {
  ccsIdOfUser,
  ccsJudgementOf,
  ccsLanguageIdOf,
  ccsRelTimeOf,
  ccsSubmissionOf,
  ccsTimeOf,
  type CcsContestFacts,
} from './ccs-objects';

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

describe('the time formats of every line', () => {
  it('TIME is toISOString with +00:00 for Z, for any instant a Date holds', () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), fc.integer({ min: -8.64e15, max: 8.64e15 }), (a, b) => {
        // Two in a row: the remembered minute must not leak from one instant into the next.
        for (const ms of [a, b, a + 1, b - 59_999, a + 0.456, b - 0.5]) {
          if (Math.abs(ms) > 8.64e15) continue;
          expect(ccsTimeOf(ms)).toBe(new Date(ms).toISOString().replace(/Z$/, '+00:00'));
          expect(ccsTimeOf(new Date(ms))).toBe(ccsTimeOf(ms));
        }
      }),
    );
  });

  it('RELTIME is h:mm:ss.uuu, signed', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (ms) => {
        const total = Math.abs(ms);
        const pad = (value: number, width: number) => String(value).padStart(width, '0');
        const expected =
          `${ms < 0 ? '-' : ''}${Math.floor(total / 3_600_000)}:${pad(Math.floor(total / 60_000) % 60, 2)}:` +
          `${pad(Math.floor(total / 1000) % 60, 2)}.${pad(total % 1000, 3)}`;
        expect(ccsRelTimeOf(ms)).toBe(expected);
      }),
    );
  });
});

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
