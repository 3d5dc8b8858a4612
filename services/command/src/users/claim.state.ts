import { type EmailClaimEvent, type UsernameClaimEvent, usernameClaimEvents, emailClaimEvents } from '@oj/events';
import { parserFor, type StreamModel } from '../handling/decider';

/** Who holds a username or an email claim stream right now (null: free, never claimed or released). */
export interface ClaimState {
  readonly ownerId: string | null;
}

const free: ClaimState = { ownerId: null };

export const usernameClaimModel: StreamModel<ClaimState, UsernameClaimEvent> = {
  initialState: free,
  evolve: (_state, event) => (event.type === 'UsernameClaimed' ? { ownerId: event.data.userId } : free),
  parse: parserFor(usernameClaimEvents),
};

export const emailClaimModel: StreamModel<ClaimState, EmailClaimEvent> = {
  initialState: free,
  evolve: (_state, event) => (event.type === 'EmailClaimed' ? { ownerId: event.data.userId } : free),
  parse: parserFor(emailClaimEvents),
};
