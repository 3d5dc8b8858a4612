import type { z } from 'zod';
import type { StreamEventOf } from '../catalogue/define-stream-events';
import type { siteSwitchesSetSchema, websiteConfigSetSchema } from '../catalogue/site';

export const aWebsiteConfigSet = (
  data: Partial<z.infer<typeof websiteConfigSetSchema>> = {},
): StreamEventOf<{ WebsiteConfigSet: typeof websiteConfigSetSchema }> => ({
  type: 'WebsiteConfigSet',
  data: {
    baseUrl: 'http://localhost:8080',
    name: 'Test Online Judge',
    shortName: 'TOJ',
    description: null,
    register: true,
    recordName: null,
    recordUrl: null,
    projectName: 'OJ',
    projectUrl: null,
    setAt: '2026-01-01T00:00:00.000Z',
    ...data,
  },
});

export const aSiteSwitchesSet = (
  data: Partial<z.infer<typeof siteSwitchesSetSchema>> = {},
): StreamEventOf<{ SiteSwitchesSet: typeof siteSwitchesSetSchema }> => ({
  type: 'SiteSwitchesSet',
  data: {
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
    setAt: '2026-01-01T00:00:00.000Z',
    ...data,
  },
});
