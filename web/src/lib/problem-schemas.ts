import { z } from 'zod';
import { problemDetailReply, problemEntity, problemListRow, tagRow } from '@oj/contracts';
import { tolerantOf } from '@/lib/tolerant-reply';

const id = z.union([z.number(), z.string()]).transform((value) => String(value));
const count = z
  .number()
  .nullish()
  .transform((value) => value ?? 0);

export const tagSchema = tolerantOf(tagRow, ['id', 'name']);
export type Tag = z.infer<typeof tagSchema>;

/** Verdict counts shared by list rows and the problem page's problemCount (spec 000 §3), read as 0 when absent. */
export const verdictCountsShape = {
  total: count,
  ac: count,
  wa: count,
  tle: count,
  mle: count,
  re: count,
  pe: count,
  ce: count,
  se: count,
  pa: count,
};

/** A row of get-problem-list (the contract's problemListRow), with counts read as 0 when absent. */
export const problemRowSchema = tolerantOf(problemListRow, ['problemId', 'title']).extend({
  pid: id,
  tags: z
    .array(tagSchema)
    .nullish()
    .transform((tags) => tags ?? []),
  ...verdictCountsShape,
});
export type ProblemRow = z.infer<typeof problemRowSchema>;
export type VerdictCounts = Pick<ProblemRow, 'total' | 'ac' | 'wa' | 'tle' | 'mle' | 're' | 'pe' | 'ce' | 'se' | 'pa'>;

/** HOJ's Problem entity (the contract's problemEntity) as the problem page and the editor read it. */
export const problemSchema = tolerantOf(problemEntity, ['problemId', 'title', 'timeLimit', 'memoryLimit']).extend({
  id,
});
export type Problem = z.infer<typeof problemSchema>;

/** get-problem-detail's and get-contest-problem-details' reply (the contract's problemDetailReply), lists defaulting to empty. */
export const problemDetailSchema = tolerantOf(problemDetailReply, ['problem']).extend({
  problem: problemSchema,
  tags: z.array(tagSchema).default([]),
  languages: problemDetailReply.shape.languages.default([]),
  problemCount: z.looseObject(verdictCountsShape).nullish(),
});
