import { type UserEvent, type RoleName, userEvents } from '@oj/events';
import { parserFor, type StreamModel } from '../handling/decider';

/** What account decisions need from a `user-<uid>` stream. */
export interface UserState {
  readonly exists: boolean;
  readonly userId: string;
  readonly username: string;
  readonly email: string;
  readonly passwordHash: string;
  readonly role: RoleName;
  /** Moves on at every logout and password reset; tokens carry the generation they were issued in. */
  readonly sessionGeneration: number;
  readonly profile: Readonly<Record<ProfileKey, string | null>>;
}

export type ProfileKey =
  'nickname' | 'realname' | 'signature' | 'blog' | 'github' | 'school' | 'number' | 'cfUsername' | 'gender';

export const emptyProfile: UserState['profile'] = {
  nickname: null,
  realname: null,
  signature: null,
  blog: null,
  github: null,
  school: null,
  number: null,
  cfUsername: null,
  gender: 'secrecy',
};

export const initialUserState: UserState = {
  exists: false,
  userId: '',
  username: '',
  email: '',
  passwordHash: '',
  role: 'default_user',
  sessionGeneration: 0,
  profile: emptyProfile,
};

function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, username, email, passwordHash, role } = event.data;
      return { ...state, exists: true, userId, username, email, passwordHash, role };
    }
    case 'UserLoggedIn':
      return state;
    case 'UserLoggedOut':
      return { ...state, sessionGeneration: event.data.sessionGeneration };
    case 'UserPasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'UserPasswordReset':
      return { ...state, passwordHash: event.data.passwordHash, sessionGeneration: event.data.sessionGeneration };
    case 'UserEmailChanged':
      return { ...state, email: event.data.email };
    case 'UserProfileEdited': {
      const { userId: _userId, editedAt: _editedAt, ...profile } = event.data;
      return { ...state, profile };
    }
  }
}

export const userModel: StreamModel<UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  parse: parserFor(userEvents),
};
