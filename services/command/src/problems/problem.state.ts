import { type ProblemEvent, type ProblemDefinition, problemEvents } from '@oj/events';
import { parserFor, type StreamModel } from '../handling/decider';

/** What problem admin decisions need from a `problem-<pid>` stream. */
export interface ProblemState {
  readonly exists: boolean;
  readonly deleted: boolean;
  readonly definition: ProblemDefinition | null;
  /** The creator's uid as ProblemCreated records it (null before it was recorded): who owns the problem. */
  readonly creatorId: string | null;
}

export const initialProblemState: ProblemState = { exists: false, deleted: false, definition: null, creatorId: null };

function evolve(state: ProblemState, event: ProblemEvent): ProblemState {
  switch (event.type) {
    case 'ProblemCreated':
      return { exists: true, deleted: false, definition: event.data.definition, creatorId: event.data.creatorId };
    case 'ProblemEdited':
      return { ...state, exists: true, deleted: false, definition: event.data.definition };
    case 'ProblemVisibilityChanged':
      return state.definition ? { ...state, definition: { ...state.definition, auth: event.data.auth } } : state;
    case 'ProblemDeleted':
      return { ...state, deleted: true };
  }
}

export const problemModel: StreamModel<ProblemState, ProblemEvent> = {
  initialState: initialProblemState,
  evolve,
  parse: parserFor(problemEvents),
};

/**
 * Who may manage a problem besides root and problem admins: its creator, by the uid the events record, never
 * by the free-text `author` a save's body sets (issue 10, F14).
 */
export const isCreator = (state: ProblemState, userId: string): boolean => state.creatorId === userId;

/** A problem that can be read or changed: created and not deleted. */
export const isLive = (state: ProblemState): state is ProblemState & { definition: ProblemDefinition } =>
  state.exists && !state.deleted && state.definition !== null;
