import { z } from 'zod';
import { boundedText, textMax } from '../input/bounded-input.contract';

const optionalText = z.preprocess(
  (value) => (value === '' ? undefined : value),
  boundedText(textMax.line).trim().optional(),
);

/** GET /api/get-user-home-info and GET /api/get-user-calendar-heatmap (api-core §5). */
export const userLookupQuery = z.object({ uid: optionalText, username: optionalText });

const solvedProblemSchema = z.object({ id: z.number().int(), problemId: z.string(), difficulty: z.number().int() });

/** UserHomeVO (api-core §5); rating is the Codeforces rating, never fetched offline (null). */
export const userHomeSchema = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  gender: z.string().nullable(),
  signature: z.string().nullable(),
  school: z.string().nullable(),
  github: z.string().nullable(),
  blog: z.string().nullable(),
  avatar: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  rating: z.number().nullable(),
  total: z.number().int(),
  scoreList: z.array(z.number().int()),
  solvedList: z.array(z.string()),
  /** Keys "0", "1", "2" (difficulty); null when nothing is solved. */
  solvedGroupByDifficulty: z.record(z.string(), z.array(solvedProblemSchema)).nullable(),
  recentLoginTime: z.string().nullable(),
});
export type UserHome = z.infer<typeof userHomeSchema>;

export const calendarHeatmapSchema = z.object({
  endDate: z.string(),
  dataList: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
