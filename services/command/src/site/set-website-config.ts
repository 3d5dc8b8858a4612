import type { SiteConfigEvent } from '@oj/events';
import type { WebsiteConfigState } from './website-config.state';

/** PUT /api/admin/config/set-web-config: each non-empty string and a non-null `register` replace (admin §5.2). */
export interface SetWebsiteConfig {
  readonly changes: Partial<Record<Exclude<keyof WebsiteConfigState, 'register'>, string | null>> & {
    readonly register?: boolean | null;
  };
  readonly setAt: string;
}

export const setWebsiteConfig =
  (command: SetWebsiteConfig) =>
  (state: WebsiteConfigState): SiteConfigEvent[] => {
    const next: { -readonly [Key in keyof WebsiteConfigState]: WebsiteConfigState[Key] } = { ...state };
    for (const [field, value] of Object.entries(command.changes)) {
      if (field === 'register') {
        if (typeof value === 'boolean') next.register = value;
      } else if (typeof value === 'string' && value.trim() !== '' && field in next) {
        (next as Record<string, unknown>)[field] = value;
      }
    }
    const unchanged = (Object.keys(next) as (keyof WebsiteConfigState)[]).every((key) => next[key] === state[key]);
    return unchanged ? [] : [{ type: 'WebsiteConfigSet', data: { ...next, setAt: command.setAt } }];
  };
