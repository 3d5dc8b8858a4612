import { proxy } from 'valtio';
import { getWebsiteConfig, type WebsiteConfigReply } from '../api/get-website-config';

export type WebsiteConfig = {
  name: string;
  shortName: string;
  description: string;
  recordName: string;
  recordUrl: string;
  projectName: string;
  projectUrl: string;
  openPublicDiscussion: boolean;
  openGroupDiscussion: boolean;
  openContestComment: boolean;
  isLoaded: boolean;
};

/** What the shell shows before the server answers (and if it never does): HOJ's own defaults, flags on. */
export const websiteConfig = proxy<WebsiteConfig>({
  name: 'Online Judge',
  shortName: 'OJ',
  description: '',
  recordName: '',
  recordUrl: '',
  projectName: 'OJ',
  projectUrl: '',
  openPublicDiscussion: true,
  openGroupDiscussion: true,
  openContestComment: true,
  isLoaded: false,
});

const apply = (reply: WebsiteConfigReply): void => {
  for (const key of [
    'name',
    'shortName',
    'description',
    'recordName',
    'recordUrl',
    'projectName',
    'projectUrl',
  ] as const) {
    const value = reply[key];
    if (typeof value === 'string') websiteConfig[key] = value;
  }
  for (const key of ['openPublicDiscussion', 'openGroupDiscussion', 'openContestComment'] as const) {
    const value = reply[key];
    if (typeof value === 'boolean') websiteConfig[key] = value;
  }
  websiteConfig.isLoaded = true;
};

export const loadWebsiteConfig = async (): Promise<void> => {
  try {
    apply(await getWebsiteConfig());
  } catch {
    // A silent call: the shell keeps its defaults and stays usable without the server.
  }
};
