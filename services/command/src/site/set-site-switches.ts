import type { SiteConfigEvent } from '@oj/events';
import type { SiteSwitchesState } from './site-switches.state';

/** PUT /api/admin/switch/update: every non-null value replaces; a negative submit interval is stored as 0 (admin §5.3). */
export interface SetSiteSwitches {
  readonly changes: { readonly [Key in keyof SiteSwitchesState]?: SiteSwitchesState[Key] | null };
  readonly setAt: string;
}

export const setSiteSwitches =
  (command: SetSiteSwitches) =>
  (state: SiteSwitchesState): SiteConfigEvent[] => {
    const next: { -readonly [Key in keyof SiteSwitchesState]: SiteSwitchesState[Key] } = { ...state };
    for (const key of Object.keys(state) as (keyof SiteSwitchesState)[]) {
      const value = command.changes[key];
      if (value === null || value === undefined) continue;
      (next as Record<string, boolean | number>)[key] = value;
    }
    next.defaultSubmitIntervalSeconds = Math.max(0, next.defaultSubmitIntervalSeconds);
    const unchanged = (Object.keys(next) as (keyof SiteSwitchesState)[]).every((key) => next[key] === state[key]);
    return unchanged ? [] : [{ type: 'SiteSwitchesSet', data: { ...next, setAt: command.setAt } }];
  };
