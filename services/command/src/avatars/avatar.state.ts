import { defineStreamEvents, userAvatarChangedSchema, userRegisteredSchema, type StreamEventOf } from '@oj/events';
import { parserFor, type StreamModel } from '../handling/decider';

/** The two facts of a `user-<uid>` stream that avatar decisions read; the others are skipped. */
const avatarEvents = defineStreamEvents({
  UserRegistered: userRegisteredSchema,
  UserAvatarChanged: userAvatarChangedSchema,
});
type AvatarEvent = StreamEventOf<typeof avatarEvents.schemas>;

export interface AvatarState {
  readonly exists: boolean;
  readonly fileName: string | null;
}

export const avatarModel: StreamModel<AvatarState, AvatarEvent> = {
  initialState: { exists: false, fileName: null },
  evolve: (state, event) =>
    event.type === 'UserRegistered' ? { ...state, exists: true } : { ...state, fileName: event.data.fileName },
  parse: parserFor(avatarEvents),
};
