import { z } from 'zod';
import { boundedText, emailAddress, emailMaxLength, isStorableText, textMax } from '../input/bounded-input.contract';

/**
 * Request and reply schemas of the session and account calls (api-core §1). Messages are keys resolved by the
 * error handler in the caller's language; `required` keeps HOJ's @NotBlank behaviour (HTTP 400).
 */
const required = (message: string, max: { length: number; error?: string } = { length: textMax.line }) =>
  z
    .string({ error: message })
    .max(max.length, { abort: true, ...(max.error === undefined ? {} : { error: max.error }) })
    .refine(isStorableText)
    .refine((value) => value.trim() !== '', message);
const optionalText = boundedText(textMax.line)
  .nullish()
  .transform((value) => value ?? '');

/** The email is checked by the route (after the registration switch, as HOJ orders it), here only its size. */
const sentEmail = z.string({ error: 'users.emailRequired' }).max(textMax.line, { abort: true }).refine(isStorableText);
export const registerCodeQuery = z.object({ email: sentEmail });

export const registerBody = z.object({
  username: required('users.usernameRequired'),
  password: required('users.passwordRequired'),
  email: required('users.emailRequired', { length: emailMaxLength, error: 'users.emailFormat' }).pipe(
    emailAddress('users.emailFormat'),
  ),
  code: required('users.codeRequired'),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  username: required('users.usernameRequired'),
  password: required('users.passwordRequired'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const applyResetPasswordBody = z.object({
  email: optionalText,
  captcha: optionalText,
  captchaKey: optionalText,
});
export const resetPasswordBody = z.object({ username: optionalText, password: optionalText, code: optionalText });
export const changePasswordBody = z.object({ oldPassword: optionalText, newPassword: optionalText });
export const changeEmailCodeQuery = z.object({ email: sentEmail });
export const changeEmailBody = z.object({ password: optionalText, newEmail: optionalText, code: optionalText });

/** HOJ's longest profile field is the signature (65535 characters, checked with its message by the decider). */
const profileValue = boundedText(textMax.document).nullable().optional();
export const changeUserInfoBody = z.object({
  nickname: profileValue,
  realname: profileValue,
  signature: profileValue,
  blog: profileValue,
  github: profileValue,
  school: profileValue,
  number: profileValue,
  cfUsername: profileValue,
  gender: profileValue,
});

/** HOJ's UserInfoVO (api-core §1): returned by login, change-email and change-userInfo. */
export const userInfo = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  email: z.string().nullable(),
  number: z.string().nullable(),
  gender: z.string().nullable(),
  school: z.string().nullable(),
  course: z.string().nullable(),
  signature: z.string().nullable(),
  realname: z.string().nullable(),
  github: z.string().nullable(),
  blog: z.string().nullable(),
  cfUsername: z.string().nullable(),
  /** Role strings as HOJ stores them (api-core §0.5); plain strings so this file imports zod only (the web app bundles it). */
  roleList: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfo>;

/** POST /api/file/upload-avatar (files §6): the UserInfoVO without gender and title, as HOJ fills it there. */
export const uploadAvatarReply = userInfo.omit({ gender: true, titleName: true, titleColor: true });

/** ChangeAccountVO: change-password and change-email report most outcomes here with body status 200 (§8 item 22). */
export const changeAccountResult = z.object({ code: z.number().int(), msg: z.string(), userInfo: userInfo.nullable() });

export const registerCodeReply = z.object({ email: z.string(), expire: z.number().int() });
export const captchaReply = z.object({ img: z.string(), captchaKey: z.string() });
