import type { EmailClaimEvent, RoleName, UserEvent, UsernameClaimEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { ClaimState } from './claim.state';
import type { UserState } from './user.state';
import { userMessages } from './users.rejections';

/** RegisterUser: the facts the route gathered (hash made, code checked), split over the three streams it touches. */
export interface RegisterUser {
  readonly userId: string;
  readonly username: string;
  readonly email: string;
  readonly passwordHash: string;
  readonly role: RoleName;
  readonly registeredAt: string;
}

export const claimUsername =
  (command: RegisterUser) =>
  (claim: ClaimState): UsernameClaimEvent[] => {
    if (claim.ownerId === command.userId) return [];
    if (claim.ownerId !== null) throw new CommandRejected(400, userMessages.usernameTaken);
    return [
      {
        type: 'UsernameClaimed',
        data: { username: command.username, userId: command.userId, claimedAt: command.registeredAt },
      },
    ];
  };

export const claimEmail =
  (command: { readonly userId: string; readonly email: string; readonly claimedAt: string }) =>
  (claim: ClaimState): EmailClaimEvent[] => {
    if (claim.ownerId === command.userId) return [];
    if (claim.ownerId !== null) throw new CommandRejected(400, userMessages.emailTaken);
    return [
      { type: 'EmailClaimed', data: { email: command.email, userId: command.userId, claimedAt: command.claimedAt } },
    ];
  };

/** Frees a username whose registration could not finish (the email was claimed in between). */
export const releaseUsername =
  (command: { readonly userId: string; readonly username: string; readonly releasedAt: string }) =>
  (claim: ClaimState): UsernameClaimEvent[] =>
    claim.ownerId === command.userId
      ? [
          {
            type: 'UsernameReleased',
            data: { username: command.username, userId: command.userId, releasedAt: command.releasedAt },
          },
        ]
      : [];

export const releaseEmail =
  (command: { readonly userId: string; readonly email: string; readonly releasedAt: string }) =>
  (claim: ClaimState): EmailClaimEvent[] =>
    claim.ownerId === command.userId
      ? [
          {
            type: 'EmailReleased',
            data: { email: command.email, userId: command.userId, releasedAt: command.releasedAt },
          },
        ]
      : [];

export const registerUser =
  (command: RegisterUser) =>
  (state: UserState): UserEvent[] => {
    if (state.exists) return [];
    const { userId, username, email, passwordHash, role, registeredAt } = command;
    return [{ type: 'UserRegistered', data: { userId, username, email, passwordHash, role, registeredAt } }];
  };
