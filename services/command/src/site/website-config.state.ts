import { type SiteConfigEvent, websiteConfigDefaults, siteConfigEvents } from '@oj/events';
import { parserFor, type StreamModel } from '../handling/decider';

/** The web config as the `site` stream says it is now (other site events are skipped by the parser). */
export interface WebsiteConfigState {
  readonly baseUrl: string | null;
  readonly name: string | null;
  readonly shortName: string | null;
  readonly description: string | null;
  readonly register: boolean;
  readonly recordName: string | null;
  readonly recordUrl: string | null;
  readonly projectName: string | null;
  readonly projectUrl: string | null;
}

export const initialWebsiteConfig: WebsiteConfigState = { baseUrl: null, ...websiteConfigDefaults };

export const websiteConfigModel: StreamModel<WebsiteConfigState, SiteConfigEvent> = {
  initialState: initialWebsiteConfig,
  evolve: (state, event) => {
    if (event.type !== 'WebsiteConfigSet') return state;
    const { setAt: _setAt, ...config } = event.data;
    return config;
  },
  parse: parserFor(siteConfigEvents),
};
