import { z } from 'zod';
import { UserAvatarChanged, UserRegistered } from '@oj/events';
import { parserFor, type StreamModel } from '../handling/decider';

/** The two facts of a `user-<uid>` stream that avatar decisions read; the others are skipped. */
const AvatarEvent = z.discriminatedUnion('type', [UserRegistered, UserAvatarChanged]);
type AvatarEvent = z.infer<typeof AvatarEvent>;

export interface AvatarState {
  readonly exists: boolean;
  readonly fileName: string | null;
}

export const avatarModel: StreamModel<AvatarState, AvatarEvent> = {
  initialState: { exists: false, fileName: null },
  evolve: (state, event) =>
    event.type === 'UserRegistered' ? { ...state, exists: true } : { ...state, fileName: event.data.fileName },
  parse: parserFor(AvatarEvent),
};
