import { describe, it } from 'vitest';
import { aUserAvatarChanged, aUserRegistered } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { avatarModel } from './avatar.state';
import { avatarMessages } from './avatars.rejections';
import { changeAvatar } from './change-avatar';

const at = '2026-05-01T10:00:00.000Z';
const sha256 = 'b'.repeat(64);
const image = { fileName: `${sha256}.png`, sha256, contentType: 'image/png' };

describe('changeAvatar', () => {
  it('records the new avatar of a registered user', () => {
    given(avatarModel, aUserRegistered({ userId: 'u-1' }))
      .when(changeAvatar({ userId: 'u-1', image, changedAt: at }))
      .then([aUserAvatarChanged({ userId: 'u-1', ...image, changedAt: at })]);
  });

  it('writes nothing when the same image is uploaded again', () => {
    given(avatarModel, aUserRegistered({ userId: 'u-1' }), aUserAvatarChanged({ userId: 'u-1', ...image }))
      .when(changeAvatar({ userId: 'u-1', image, changedAt: at }))
      .then([]);
  });

  it('rejects a user that does not exist', () => {
    given(avatarModel)
      .when(changeAvatar({ userId: 'u-1', image, changedAt: at }))
      .thenRejects(404, avatarMessages.userMissing);
  });
});
