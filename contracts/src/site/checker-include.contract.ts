import { z } from 'zod';
import { boundedText, textMax } from '../input/bounded-input.contract';

/** POST /api/admin/judge/checker-include: a header as text (testlib.h and friends are text). */
export const uploadCheckerIncludeBody = z.object({
  name: boundedText(textMax.line),
  content: boundedText(textMax.file),
});

/** DELETE /api/admin/judge/checker-include?name= */
export const checkerIncludeNameQuery = z.object({ name: boundedText(textMax.line) });

/** GET /api/admin/judge/checker-include's data: the current includes, by name. */
export const checkerIncludeList = z.array(
  z.object({
    name: z.string(),
    sha256: z.string(),
    sizeBytes: z.number().int(),
    uploadedBy: z.string(),
    uploadedAt: z.string(),
  }),
);
export type CheckerIncludeList = z.infer<typeof checkerIncludeList>;
