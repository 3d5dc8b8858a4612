import { z } from 'zod';
import { tagRow } from '@oj/contracts';
import { tolerantOf } from '@/lib/tolerant-reply';

const id = z.union([z.number(), z.string()]).transform((value) => String(value));
const count = z
  .number()
  .nullish()
  .transform((value) => value ?? 0);

export const tagSchema = tolerantOf(tagRow, ['id', 'name']);
export type Tag = z.infer<typeof tagSchema>;

/** Verdict counts shared by list rows and the problem page's problemCount (spec 000 §3). */
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

export const problemRowSchema = z.looseObject({
  pid: id,
  problemId: z.string(),
  title: z.string(),
  difficulty: z.number().nullish(),
  type: z.number().nullish(),
  tags: z
    .array(tagSchema)
    .nullish()
    .transform((tags) => tags ?? []),
  ...verdictCountsShape,
});
export type ProblemRow = z.infer<typeof problemRowSchema>;
export type VerdictCounts = Pick<ProblemRow, 'total' | 'ac' | 'wa' | 'tle' | 'mle' | 're' | 'pe' | 'ce' | 'se' | 'pa'>;

export const problemSchema = z.looseObject({
  id: id,
  problemId: z.string(),
  title: z.string(),
  author: z.string().nullish(),
  type: z.number().nullish(),
  judgeMode: z.string().nullish(),
  judgeCaseMode: z.string().nullish(),
  timeLimit: z.number(),
  memoryLimit: z.number(),
  stackLimit: z.number().nullish(),
  description: z.string().nullish(),
  input: z.string().nullish(),
  output: z.string().nullish(),
  examples: z.string().nullish(),
  hint: z.string().nullish(),
  source: z.string().nullish(),
  difficulty: z.number().nullish(),
  auth: z.number().nullish(),
  ioScore: z.number().nullish(),
  codeShare: z.boolean().nullish(),
  isRemote: z.boolean().nullish(),
  isFileIO: z.boolean().nullish(),
  ioReadFileName: z.string().nullish(),
  ioWriteFileName: z.string().nullish(),
  userExtraFile: z.string().nullish(),
  gid: z.number().nullish(),
});
export type Problem = z.infer<typeof problemSchema>;
