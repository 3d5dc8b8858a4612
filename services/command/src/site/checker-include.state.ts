import { type CheckerIncludeEvent, checkerIncludeEvents } from '@oj/events';
import { parserFor, type StreamModel } from '../handling/decider';

export interface CheckerIncludeEntry {
  readonly sha256: string;
  readonly sizeBytes: number;
  readonly uploadedBy: string;
  readonly uploadedAt: string;
}

/** The site-wide checker includes by file name, as the `site` stream says they are now. */
export type CheckerIncludesState = Readonly<Record<string, CheckerIncludeEntry>>;

export const checkerIncludesModel: StreamModel<CheckerIncludesState, CheckerIncludeEvent> = {
  initialState: {},
  evolve: (state, event) => {
    if (event.type === 'CheckerIncludeUploaded') {
      const { name, ...entry } = event.data;
      return { ...state, [name]: entry };
    }
    const { [event.data.name]: _removed, ...rest } = state;
    return rest;
  },
  parse: parserFor(checkerIncludeEvents),
};
