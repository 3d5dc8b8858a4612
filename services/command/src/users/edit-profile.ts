import type { UserEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import { renderText, type LocalizedText } from '@oj/platform';
import type { ProfileKey, UserState } from './user.state';
import { profileFieldNames, userMessages } from './users.rejections';

/** Field limits of change-userInfo (api-core §1); `number` keeps HOJ's 200 because we have no varchar(20). */
export const profileLimits: Readonly<Record<Exclude<ProfileKey, 'gender'>, number>> = {
  realname: 50,
  nickname: 20,
  signature: 65535,
  blog: 255,
  github: 255,
  school: 100,
  number: 200,
  cfUsername: 255,
};

export interface EditProfile {
  /** undefined keeps the current value (HOJ clears it: api-core §9 quirk 6, not copied); null clears. */
  readonly changes: Partial<Record<ProfileKey, string | null>>;
  readonly editedAt: string;
}

function tooLong(field: keyof typeof profileFieldNames): LocalizedText {
  return {
    'zh-CN': renderText(userMessages.profileFieldTooLong, 'zh-CN', { item: profileFieldNames[field]['zh-CN'] }),
    'en-US': renderText(userMessages.profileFieldTooLong, 'en-US', { item: profileFieldNames[field]['en-US'] }),
  };
}

export const editProfile =
  (command: EditProfile) =>
  (state: UserState): UserEvent[] => {
    for (const [field, limit] of Object.entries(profileLimits) as [keyof typeof profileLimits, number][]) {
      const value = command.changes[field];
      if (typeof value === 'string' && value.length > limit) throw new CommandRejected(400, tooLong(field));
    }
    const profile = { ...state.profile };
    for (const [field, value] of Object.entries(command.changes) as [ProfileKey, string | null | undefined][]) {
      if (value !== undefined) profile[field] = value;
    }
    return [{ type: 'UserProfileEdited', data: { userId: state.userId, ...profile, editedAt: command.editedAt } }];
  };
