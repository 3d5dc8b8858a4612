import { emailClaimStream, userStream, usernameClaimStream, type EventStore } from '@oj/events';
import { fold } from '../../handling/decider';
import { emailClaimModel, usernameClaimModel } from '../claim.state';
import { userModel, type UserState } from '../user.state';

/**
 * Account facts straight from the event store (claim streams, then the user stream), so a login or a reset
 * right after a registration never depends on projection lag, and password hashes never reach a read model.
 */
export async function userIdByUsername(store: EventStore, username: string): Promise<string | null> {
  return fold(usernameClaimModel, await store.readStream(usernameClaimStream(username))).ownerId;
}

export async function userIdByEmail(store: EventStore, email: string): Promise<string | null> {
  return fold(emailClaimModel, await store.readStream(emailClaimStream(email))).ownerId;
}

export async function loadUser(store: EventStore, userId: string): Promise<UserState> {
  return fold(userModel, await store.readStream(userStream(userId)));
}
