import { z } from 'zod';

/** GET /api/get-website-config (api-core §2; spec 000 §3 plus HOJ's baseUrl, register, email). */
export const websiteConfig = z.object({
  baseUrl: z.string(),
  name: z.string().nullable(),
  shortName: z.string().nullable(),
  register: z.boolean(),
  recordName: z.string().nullable(),
  recordUrl: z.string().nullable(),
  description: z.string().nullable(),
  email: z.string().nullable(),
  projectName: z.string().nullable(),
  projectUrl: z.string().nullable(),
  openPublicDiscussion: z.boolean(),
  openGroupDiscussion: z.boolean(),
  openContestComment: z.boolean(),
});
export type WebsiteConfig = z.infer<typeof websiteConfig>;

/** ANY /api/admin/config/get-web-config (admin §5.2). */
export const adminWebConfig = websiteConfig.pick({
  baseUrl: true,
  name: true,
  shortName: true,
  description: true,
  register: true,
  recordName: true,
  recordUrl: true,
  projectName: true,
  projectUrl: true,
});
