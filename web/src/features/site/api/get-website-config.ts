import { z } from 'zod';
import { apiGet } from '@/lib/api-client';

/** GET /api/get-website-config (api-core §2); every field tolerated missing so an older server still renders. */
export const websiteConfigSchema = z.looseObject({
  name: z.string().nullish(),
  shortName: z.string().nullish(),
  description: z.string().nullish(),
  recordName: z.string().nullish(),
  recordUrl: z.string().nullish(),
  projectName: z.string().nullish(),
  projectUrl: z.string().nullish(),
  register: z.boolean().nullish(),
  openPublicDiscussion: z.boolean().nullish(),
  openGroupDiscussion: z.boolean().nullish(),
  openContestComment: z.boolean().nullish(),
});
export type WebsiteConfigReply = z.infer<typeof websiteConfigSchema>;

export const getWebsiteConfig = () => apiGet('/get-website-config', websiteConfigSchema, { silent: true });
