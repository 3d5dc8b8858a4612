import type { z } from 'zod';
import type { StreamEventOf } from '../catalogue/define-stream-events';
import {
  siteSwitchDefaults,
  websiteConfigDefaults,
  type siteSwitchesSetSchema,
  type websiteConfigSetSchema,
} from '../catalogue/site';

export const aWebsiteConfigSet = (
  data: Partial<z.infer<typeof websiteConfigSetSchema>> = {},
): StreamEventOf<{ WebsiteConfigSet: typeof websiteConfigSetSchema }> => ({
  type: 'WebsiteConfigSet',
  data: {
    baseUrl: 'http://localhost:8080',
    ...websiteConfigDefaults,
    name: 'Test Online Judge',
    shortName: 'TOJ',
    setAt: '2026-01-01T00:00:00.000Z',
    ...data,
  },
});

export const aSiteSwitchesSet = (
  data: Partial<z.infer<typeof siteSwitchesSetSchema>> = {},
): StreamEventOf<{ SiteSwitchesSet: typeof siteSwitchesSetSchema }> => ({
  type: 'SiteSwitchesSet',
  // HOJ's defaults (admin §9.1), so a test names only the switch it flips.
  data: {
    ...siteSwitchDefaults,
    setAt: '2026-01-01T00:00:00.000Z',
    ...data,
  },
});
