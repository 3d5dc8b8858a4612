import { z } from 'zod';
import { changeAccountResult, noData, uploadAvatarReply, userInfo } from '@oj/contracts';
import { apiGet, apiPost, apiUpload } from '@/lib/api-client';
import { tolerantOf } from '@/lib/tolerant-reply';

export type AccountUserInfo = z.infer<typeof userInfo>;
export type ProfileChanges = {
  nickname: string;
  realname: string;
  signature: string;
  blog: string;
  github: string;
  school: string;
  number: string;
  cfUsername: string;
  gender: string;
};

/** POST /api/change-password (api-core §1): most outcomes come back as {code, msg} with status 200 (§8 item 22). */
export const changePassword = (body: { oldPassword: string; newPassword: string }) =>
  apiPost('/change-password', body, changeAccountResult);

/** GET /api/get-change-email-code?email= mails a code to the new address. */
export const getChangeEmailCode = (email: string) => apiGet('/get-change-email-code', noData, { query: { email } });

/** POST /api/change-email: {code, msg, userInfo} like change-password. */
export const changeEmail = (body: { password: string; newEmail: string; code: string }) =>
  apiPost('/change-email', body, changeAccountResult);

/** POST /api/change-userInfo: answers the new UserInfoVO. */
export const changeUserInfo = (changes: ProfileChanges) => apiPost('/change-userInfo', changes, userInfo);

/** The upload reply carries the user info (the contract's); only the new avatar is read from it. */
const avatarReply = tolerantOf(uploadAvatarReply, ['avatar']).nullable();

/** POST /api/file/upload-avatar (files §6): multipart `image`; answers the user info with the new avatar. */
export const uploadAvatar = (image: Blob, fileName: string) => {
  const form = new FormData();
  form.set('image', image, fileName);
  return apiUpload('/file/upload-avatar', form, avatarReply);
};
