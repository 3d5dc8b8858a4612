import { z } from 'zod';
import { boundedText, idParam, int4Json, textMax } from '../input/bounded-input.contract';

const text = boundedText(textMax.paragraph).nullish();

/** Body of PUT /api/admin/config/set-web-config (admin §5.2). */
export const setWebConfigBody = z.object({
  baseUrl: text,
  name: text,
  shortName: text,
  description: text,
  register: z.boolean().nullish(),
  recordName: text,
  recordUrl: text,
  projectName: text,
  projectUrl: text,
});
export type SetWebConfigBody = z.infer<typeof setWebConfigBody>;

const flag = z.boolean().nullish();
const count = int4Json.nullish();

/**
 * Body of PUT /api/admin/switch/update (admin §5.3, §9.1) with HOJ's key names. The remote-judge account lists
 * are accepted and ignored: their passwords would have to go into events.
 */
export const updateSwitchesBody = z.object({
  openPublicDiscussion: flag,
  openGroupDiscussion: flag,
  openContestComment: flag,
  openPublicJudge: flag,
  openGroupJudge: flag,
  openContestJudge: flag,
  hideNonContestSubmissionCode: flag,
  defaultSubmitInterval: count,
  defaultCreateGroupDailyLimit: count,
  defaultCreateGroupLimit: count,
  defaultCreateGroupACInitValue: count,
  defaultCreateDiscussionDailyLimit: count,
  defaultCreateDiscussionACInitValue: count,
  defaultCreateCommentACInitValue: count,
});
export type UpdateSwitchesBody = z.infer<typeof updateSwitchesBody>;

/** DELETE /api/admin/config/home-carousel?id= (docs/home-and-ranks.md): the home page image to remove. */
export const removeCarouselImageQuery = z.object({ id: idParam });
