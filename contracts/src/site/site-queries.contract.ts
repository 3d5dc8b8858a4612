import { z } from 'zod';

/** GET /api/get-website-config (api-core §2; spec 000 §3 plus HOJ's baseUrl, register, email). */
export const websiteConfig = z.object({
  baseUrl: z.string(),
  name: z.string().nullable(),
  shortName: z.string().nullable(),
  register: z.boolean(),
  recordName: z.string().nullable(),
  recordUrl: z.string().nullable(),
  description: z.string().nullable(),
  email: z.string().nullable(),
  projectName: z.string().nullable(),
  projectUrl: z.string().nullable(),
  openPublicDiscussion: z.boolean(),
  openGroupDiscussion: z.boolean(),
  openContestComment: z.boolean(),
});
export type WebsiteConfig = z.infer<typeof websiteConfig>;

/** ANY /api/admin/config/get-web-config (admin §5.2). */
export const adminWebConfig = websiteConfig.pick({
  baseUrl: true,
  name: true,
  shortName: true,
  description: true,
  register: true,
  recordName: true,
  recordUrl: true,
  projectName: true,
  projectUrl: true,
});

const remoteJudgeAccounts = z.array(z.string());

/**
 * ANY /api/admin/switch/info (admin §5.3): HOJ's SwitchConfig (§9.1) whole, with HOJ's key names (the partial
 * update is `updateSwitchesBody`). The remote-judge account lists are always empty: their passwords are not kept.
 */
export const siteSwitchesReply = z.object({
  openPublicDiscussion: z.boolean(),
  openGroupDiscussion: z.boolean(),
  openContestComment: z.boolean(),
  openPublicJudge: z.boolean(),
  openGroupJudge: z.boolean(),
  openContestJudge: z.boolean(),
  hideNonContestSubmissionCode: z.boolean(),
  /** Seconds. */
  defaultSubmitInterval: z.number().int(),
  defaultCreateGroupDailyLimit: z.number().int(),
  defaultCreateGroupLimit: z.number().int(),
  defaultCreateGroupACInitValue: z.number().int(),
  defaultCreateDiscussionDailyLimit: z.number().int(),
  defaultCreateDiscussionACInitValue: z.number().int(),
  defaultCreateCommentACInitValue: z.number().int(),
  hduUsernameList: remoteJudgeAccounts,
  hduPasswordList: remoteJudgeAccounts,
  cfUsernameList: remoteJudgeAccounts,
  cfPasswordList: remoteJudgeAccounts,
  pojUsernameList: remoteJudgeAccounts,
  pojPasswordList: remoteJudgeAccounts,
  atcoderUsernameList: remoteJudgeAccounts,
  atcoderPasswordList: remoteJudgeAccounts,
  spojUsernameList: remoteJudgeAccounts,
  spojPasswordList: remoteJudgeAccounts,
  libreojUsernameList: remoteJudgeAccounts,
  libreojPasswordList: remoteJudgeAccounts,
});
