import { z } from 'zod';

const text = z.string().nullish();

/** Body of PUT /api/admin/config/set-web-config (admin §5.2). */
export const setWebConfigBody = z.object({
  baseUrl: text,
  name: text,
  shortName: text,
  description: text,
  register: z.boolean().nullish(),
  recordName: text,
  recordUrl: text,
  projectName: text,
  projectUrl: text,
});
export type SetWebConfigBody = z.infer<typeof setWebConfigBody>;
