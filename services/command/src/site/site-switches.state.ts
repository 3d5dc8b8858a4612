import { type SiteConfigEvent, siteSwitchDefaults, siteConfigEvents } from '@oj/events';
import { parserFor, type StreamModel } from '../handling/decider';

type Widen<T> = {
  -readonly [Key in keyof T]: T[Key] extends boolean ? boolean : T[Key] extends number ? number : T[Key];
};

/** The feature switches as the `site` stream says they are now (admin §9.1). */
export type SiteSwitchesState = Readonly<Widen<typeof siteSwitchDefaults>>;

export const siteSwitchesModel: StreamModel<SiteSwitchesState, SiteConfigEvent> = {
  initialState: siteSwitchDefaults,
  evolve: (state, event) => {
    if (event.type !== 'SiteSwitchesSet') return state;
    const { setAt: _setAt, ...switches } = event.data;
    return switches;
  },
  parse: parserFor(siteConfigEvents),
};
