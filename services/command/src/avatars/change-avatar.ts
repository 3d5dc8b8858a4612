import type { UserAvatarChanged } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import { avatarMessages } from './avatars.rejections';
import type { AvatarState } from './avatar.state';

export interface ChangeAvatar {
  readonly userId: string;
  /** Stored in the blob store by the route before deciding (`<sha256>.<suffix>`). */
  readonly image: { readonly fileName: string; readonly sha256: string; readonly contentType: string };
  readonly changedAt: string;
}

/** The same image again changes nothing (the name is its hash). */
export const changeAvatar =
  (command: ChangeAvatar) =>
  (state: AvatarState): UserAvatarChanged[] => {
    if (!state.exists) throw new CommandRejected(404, avatarMessages.userMissing);
    if (state.fileName === command.image.fileName) return [];
    return [
      { type: 'UserAvatarChanged', data: { userId: command.userId, ...command.image, changedAt: command.changedAt } },
    ];
  };
