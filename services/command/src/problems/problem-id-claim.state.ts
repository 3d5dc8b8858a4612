import { type ProblemIdClaimEvent, problemIdClaimEvents } from '@oj/events';
import { parserFor, type StreamModel } from '../handling/decider';

/** Who holds a `problemid-<KEY>` claim stream and since when (owner null: never claimed, or released). */
export interface ProblemIdClaimState {
  readonly ownerId: number | null;
  readonly claimedAt: string | null;
}

const free: ProblemIdClaimState = { ownerId: null, claimedAt: null };

export const problemIdClaimModel: StreamModel<ProblemIdClaimState, ProblemIdClaimEvent> = {
  initialState: free,
  evolve: (_state, event) =>
    event.type === 'ProblemIdClaimed' ? { ownerId: event.data.problemId, claimedAt: event.data.claimedAt } : free,
  parse: parserFor(problemIdClaimEvents),
};
