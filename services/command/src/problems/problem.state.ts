import { ProblemEvent, type ProblemDefinition } from '@oj/events';
import { parserFor, type StreamModel } from '../handling/decider';

/** What problem admin decisions need from a `problem-<pid>` stream. */
export interface ProblemState {
  readonly exists: boolean;
  readonly deleted: boolean;
  readonly definition: ProblemDefinition | null;
}

export const initialProblemState: ProblemState = { exists: false, deleted: false, definition: null };

function evolve(state: ProblemState, event: ProblemEvent): ProblemState {
  switch (event.type) {
    case 'ProblemCreated':
    case 'ProblemEdited':
      return { exists: true, deleted: false, definition: event.data.definition };
    case 'ProblemVisibilityChanged':
      return state.definition ? { ...state, definition: { ...state.definition, auth: event.data.auth } } : state;
    case 'ProblemDeleted':
      return { ...state, deleted: true };
  }
}

export const problemModel: StreamModel<ProblemState, ProblemEvent> = {
  initialState: initialProblemState,
  evolve,
  parse: parserFor(ProblemEvent),
};

/** A problem that can be read or changed: created and not deleted. */
export const isLive = (state: ProblemState): state is ProblemState & { definition: ProblemDefinition } =>
  state.exists && !state.deleted && state.definition !== null;
