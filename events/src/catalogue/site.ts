import { z } from 'zod';
import { defineStreamEvents, type StreamEventOf } from './define-stream-events';
import { plainFileName } from './problem';

/** Events of the `site` stream: website settings (announcements and notices are added by their owners). */

const optionalText = z.string().nullable();

/** The web config after an admin saved it (admin §5.2): every field with its resulting value. */
export const websiteConfigSetSchema = z.object({
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
});

/** The feature switches after an admin saved them (admin §9.1, without the remote-judge accounts). */
export const siteSwitchesSetSchema = z.object({
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
});

export const siteConfigEvents = defineStreamEvents({
  WebsiteConfigSet: websiteConfigSetSchema,
  SiteSwitchesSet: siteSwitchesSetSchema,
});
export const siteConfigEventSchemas = siteConfigEvents.schemas;
export type SiteConfigEvent = StreamEventOf<typeof siteConfigEventSchemas>;

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
export const checkerIncludeUploadedSchema = z.object({
  name: plainFileName,
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  sizeBytes: z.number().int().nonnegative(),
  uploadedBy: z.string().min(1),
  uploadedAt: z.iso.datetime(),
});

export const checkerIncludeRemovedSchema = z.object({
  name: z.string().min(1),
  removedBy: z.string().min(1),
  removedAt: z.iso.datetime(),
});

export const checkerIncludeEvents = defineStreamEvents({
  CheckerIncludeUploaded: checkerIncludeUploadedSchema,
  CheckerIncludeRemoved: checkerIncludeRemovedSchema,
});
export const checkerIncludeEventSchemas = checkerIncludeEvents.schemas;
export type CheckerIncludeEvent = StreamEventOf<typeof checkerIncludeEventSchemas>;
