import { z } from 'zod';
import { defineStreamEvents, type StreamEventOf } from './define-stream-events';

/**
 * Events of the `user-<uid>` streams and of the claim streams (`username-<name>`, `email-<address>`)
 * that keep usernames and emails unique without a read model (each claim is appended with 'no_stream'
 * or the claim stream's last revision after a release).
 */

/** Role strings as HOJ stores them (api-core §0.5; "no_subimit_user" is HOJ's spelling). */
export const roleNames = [
  'root',
  'admin',
  'default_user',
  'no_subimit_user',
  'no_discuss_user',
  'mute_user',
  'no_submit_no_discuss_user',
  'no_submit_mute_user',
  'problem_admin',
] as const;
export const RoleName = z.enum(roleNames);
export type RoleName = z.infer<typeof RoleName>;

/** Spec 000 §3 role codes. */
export const roleCodes: Readonly<Record<RoleName, number>> = {
  root: 1000,
  admin: 1001,
  default_user: 1002,
  no_subimit_user: 1003,
  no_discuss_user: 1004,
  mute_user: 1005,
  no_submit_no_discuss_user: 1006,
  no_submit_mute_user: 1007,
  problem_admin: 1008,
};

const instant = z.iso.datetime();
const optionalText = z.string().nullable();

/** argon2id PHC string; the clear password never enters an event. */
const passwordHash = z.string().startsWith('$argon2id$');

export const userRegisteredSchema = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  passwordHash,
  role: RoleName,
  registeredAt: instant,
});

export const userLoggedInSchema = z.object({
  userId: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  loggedInAt: instant,
});

/** Ends every session of the user: tokens issued before it carry an older session generation. */
/** `sessionGeneration`: the user's generation after this logout, so replaying it twice changes nothing. */
export const userLoggedOutSchema = z.object({
  userId: z.string(),
  sessionGeneration: z.number().int().positive(),
  loggedOutAt: instant,
});

export const userPasswordChangedSchema = z.object({ userId: z.string(), passwordHash, changedAt: instant });

/** A reset through the mailed link; like a logout, it ends every session. */
export const userPasswordResetSchema = z.object({
  userId: z.string(),
  passwordHash,
  sessionGeneration: z.number().int().positive(),
  resetAt: instant,
});

export const userEmailChangedSchema = z.object({
  userId: z.string(),
  email: z.string(),
  previousEmail: z.string(),
  changedAt: instant,
});

export const userProfileFields = [
  'nickname',
  'realname',
  'signature',
  'blog',
  'github',
  'school',
  'number',
  'cfUsername',
  'gender',
] as const;
export type UserProfileField = (typeof userProfileFields)[number];

/** The profile as edited through change-userInfo: every editable field with its value after the edit. */
export const userProfileEditedSchema = z.object({
  userId: z.string(),
  nickname: optionalText,
  realname: optionalText,
  signature: optionalText,
  blog: optionalText,
  github: optionalText,
  school: optionalText,
  number: optionalText,
  cfUsername: optionalText,
  gender: optionalText,
  editedAt: instant,
});

export const userEvents = defineStreamEvents({
  UserRegistered: userRegisteredSchema,
  UserLoggedIn: userLoggedInSchema,
  UserLoggedOut: userLoggedOutSchema,
  UserPasswordChanged: userPasswordChangedSchema,
  UserPasswordReset: userPasswordResetSchema,
  UserEmailChanged: userEmailChangedSchema,
  UserProfileEdited: userProfileEditedSchema,
});
export const userEventSchemas = userEvents.schemas;
export type UserEvent = StreamEventOf<typeof userEventSchemas>;

export const usernameClaimedSchema = z.object({ username: z.string(), userId: z.string(), claimedAt: instant });

/** Undoes a claim whose registration could not finish (the email was taken in a race). */
export const usernameReleasedSchema = z.object({ username: z.string(), userId: z.string(), releasedAt: instant });

export const usernameClaimEvents = defineStreamEvents({
  UsernameClaimed: usernameClaimedSchema,
  UsernameReleased: usernameReleasedSchema,
});
export const usernameClaimEventSchemas = usernameClaimEvents.schemas;
export type UsernameClaimEvent = StreamEventOf<typeof usernameClaimEventSchemas>;

export const emailClaimedSchema = z.object({ email: z.string(), userId: z.string(), claimedAt: instant });

/** The owner moved to another email (or a registration was undone): the address is free again. */
export const emailReleasedSchema = z.object({ email: z.string(), userId: z.string(), releasedAt: instant });

export const emailClaimEvents = defineStreamEvents({
  EmailClaimed: emailClaimedSchema,
  EmailReleased: emailReleasedSchema,
});
export const emailClaimEventSchemas = emailClaimEvents.schemas;
export type EmailClaimEvent = StreamEventOf<typeof emailClaimEventSchemas>;

export const userEventTypes = userEvents.types;
