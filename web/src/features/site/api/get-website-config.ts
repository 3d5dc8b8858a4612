import type { z } from 'zod';
import { websiteConfig } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';
import { tolerantOf } from '@/lib/tolerant-reply';

/** GET /api/get-website-config (api-core §2); every field tolerated missing so an older server still renders. */
export const websiteConfigSchema = tolerantOf(websiteConfig);
export type WebsiteConfigReply = z.infer<typeof websiteConfigSchema>;

export const getWebsiteConfig = () => apiGet('/get-website-config', websiteConfigSchema, { silent: true });
