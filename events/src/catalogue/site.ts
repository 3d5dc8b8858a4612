import { z } from 'zod';
import { plainFileName } from './problem';

/** Events of the `site` stream: website settings (announcements and notices are added by their owners). */

const optionalText = z.string().nullable();

/** The web config after an admin saved it (admin §5.2): every field with its resulting value. */
export const WebsiteConfigSet = z.object({
  type: z.literal('WebsiteConfigSet'),
  data: z.object({
    baseUrl: optionalText,
    name: optionalText,
    shortName: optionalText,
    description: optionalText,
    register: z.boolean(),
    recordName: optionalText,
    recordUrl: optionalText,
    projectName: optionalText,
    projectUrl: optionalText,
    setAt: z.iso.datetime(),
  }),
});

/** The feature switches after an admin saved them (admin §9.1, without the remote-judge accounts). */
export const SiteSwitchesSet = z.object({
  type: z.literal('SiteSwitchesSet'),
  data: z.object({
    openPublicDiscussion: z.boolean(),
    openGroupDiscussion: z.boolean(),
    openContestComment: z.boolean(),
    openPublicJudge: z.boolean(),
    openGroupJudge: z.boolean(),
    openContestJudge: z.boolean(),
    hideNonContestSubmissionCode: z.boolean(),
    defaultSubmitIntervalSeconds: z.number().int().min(0),
    defaultCreateGroupDailyLimit: z.number().int(),
    defaultCreateGroupLimit: z.number().int(),
    defaultCreateGroupAcInitValue: z.number().int(),
    defaultCreateDiscussionDailyLimit: z.number().int(),
    defaultCreateDiscussionAcInitValue: z.number().int(),
    defaultCreateCommentAcInitValue: z.number().int(),
    setAt: z.iso.datetime(),
  }),
});

export const SiteConfigEvent = z.discriminatedUnion('type', [WebsiteConfigSet, SiteSwitchesSet]);
export type SiteConfigEvent = z.infer<typeof SiteConfigEvent>;

/** Values before any WebsiteConfigSet (HOJ's defaults, admin §9.2, with our own name); baseUrl comes from config. */
export const websiteConfigDefaults = {
  name: 'Online Judge',
  shortName: 'OJ',
  description: null,
  register: true,
  recordName: null,
  recordUrl: null,
  projectName: 'OJ',
  projectUrl: null,
} as const;

/** Switch values before any SiteSwitchesSet (admin §9.1). */
export const siteSwitchDefaults = {
  openPublicDiscussion: true,
  openGroupDiscussion: true,
  openContestComment: true,
  openPublicJudge: true,
  openGroupJudge: true,
  openContestJudge: true,
  hideNonContestSubmissionCode: false,
  defaultSubmitIntervalSeconds: 8,
  defaultCreateGroupDailyLimit: 2,
  defaultCreateGroupLimit: 5,
  defaultCreateGroupAcInitValue: 20,
  defaultCreateDiscussionDailyLimit: 5,
  defaultCreateDiscussionAcInitValue: 10,
  defaultCreateCommentAcInitValue: 10,
} as const;

/**
 * A site-wide checker include (e.g. testlib.h): copied next to every checker and interactor source when it is
 * compiled. Uploading an existing name replaces it. The content is a blob (DATA_DIR/blobs) by sha256.
 */
export const CheckerIncludeUploaded = z.object({
  type: z.literal('CheckerIncludeUploaded'),
  data: z.object({
    name: plainFileName,
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    sizeBytes: z.number().int().nonnegative(),
    uploadedBy: z.string().min(1),
    uploadedAt: z.iso.datetime(),
  }),
});

export const CheckerIncludeRemoved = z.object({
  type: z.literal('CheckerIncludeRemoved'),
  data: z.object({ name: z.string().min(1), removedBy: z.string().min(1), removedAt: z.iso.datetime() }),
});

export const CheckerIncludeEvent = z.discriminatedUnion('type', [CheckerIncludeUploaded, CheckerIncludeRemoved]);
export type CheckerIncludeEvent = z.infer<typeof CheckerIncludeEvent>;
