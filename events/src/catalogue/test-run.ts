import { z } from 'zod';
import { defineStreamEvents } from './define-stream-events';
import { judgeSettingsSchema } from './submission';

/**
 * The `test-run-<key>` stream: a run of the user's code on custom input (judging.md §8). It never touches the
 * submission history: no submission id, no counters, no accepted records.
 */
export const testRunRequestedSchema = z.object({
  /** HOJ's key, TEST_JUDGE_<32 hex>; also the stream id. */
  testRunKey: z.string().regex(/^TEST_JUDGE_[0-9a-f]{32}$/),
  userId: z.string().min(1),
  problemId: z.number().int().positive(),
  language: z.string().min(1),
  code: z.string(),
  /** The input as typed; the judge appends the `\n` HOJ adds. At most 1000 characters. */
  input: z.string().min(1).max(1000),
  expectedOutput: z.string().nullable(),
  /** Limits, compare rule, file IO and extra files come from the problem; the judge mode is reported only. */
  judge: judgeSettingsSchema,
  requestedAt: z.iso.datetime({ offset: true }),
});
export type TestRunRequested = z.infer<typeof testRunRequestedSchema>;

/** The run's result (TestJudgeVO): status AC, WA, TLE, MLE, RE, CE, SE or SF; time and memory not capped. */
export const testRunJudgedSchema = z.object({
  testRunKey: z.string().min(1),
  status: z.enum(['AC', 'WA', 'TLE', 'MLE', 'RE', 'CE', 'SE', 'SF']),
  timeMs: z.number().int().nonnegative().nullable(),
  memoryKib: z.number().int().nonnegative().nullable(),
  /** stdout cut to 1000 characters plus "..." when longer. */
  userOutput: z.string(),
  /** Exit / limit text, then the program's stderr (or the compiler output for CE), cut to 1 MiB. */
  stderr: z.string(),
  judger: z.string().min(1),
  judgedAt: z.iso.datetime({ offset: true }),
});
export type TestRunJudged = z.infer<typeof testRunJudgedSchema>;

export const testRunEventSchemas = defineStreamEvents({
  TestRunRequested: testRunRequestedSchema,
  TestRunJudged: testRunJudgedSchema,
}).schemas;

/** The event type that puts a test run on the judge queue. */
export const testRunRequestEventTypes = ['TestRunRequested'] as const;

/**
 * How long a run stays readable (HOJ's Redis TTLs, api-core §9.11): 600 s from the request while pending,
 * 60 s from the result once judged. The query answers "not found" after them; the projection deletes the rows.
 */
export const testRunLifetimeMs = { pending: 600_000, finished: 60_000 } as const;
