import { z } from 'zod';
import { idParam } from '../input/bounded-input.contract';

/**
 * GET /api/get-full-screen-problem-list (api-core.md §3): `tid` or `cid`. A value that is not a positive whole
 * number counts as absent, so it gets the "neither given" message as HOJ's cid 0 does.
 */
const optionalId = idParam.optional().catch(undefined);

export const focusModeProblemListQuery = z.object({ tid: optionalId, cid: optionalId });

/** One row of the focus-mode problem strip: the caller's status and score are null when never submitted. */
export const focusModeProblemSchema = z.object({
  pid: z.number().int(),
  problemId: z.string(),
  title: z.string(),
  status: z.number().int().nullable(),
  score: z.number().nullable(),
});
export type FocusModeProblem = z.infer<typeof focusModeProblemSchema>;

export const focusModeProblemListSchema = z.array(focusModeProblemSchema);
