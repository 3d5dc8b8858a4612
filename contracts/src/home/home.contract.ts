import { z } from 'zod';
import { optionalInt4 } from '../input/bounded-input.contract';

/** GET /api/get-common-announcement and GET /api/admin/announcement (api-core §2, admin §5.5). */
export const announcementPageQuery = z.object({ limit: optionalInt4, currentPage: optionalInt4 });
export type AnnouncementPageQuery = z.infer<typeof announcementPageQuery>;

/** GET /api/get-last-week-submission-statistics: forceRefresh is accepted; nothing is cached here. */
export const weekStatisticsQuery = z.object({ forceRefresh: z.unknown().optional() });

const publicImageName = /^[0-9a-f]{64}\.[a-z0-9]{1,8}$/;

/**
 * GET /api/public/img/:name and /api/public/file/:name: a stored image is named by its sha256 and extension. Any
 * other name is no image (null), answered 404 as an unknown image is, not 400 (the files server's behaviour).
 */
export const publicImageParams = z.object({
  name: z.string().transform((name) => (publicImageName.test(name) ? name : null)),
});

export const carouselImageSchema = z.object({ id: z.number().int(), url: z.string() });

/** AnnouncementVO (admin §4.3): status 0 shown, 1 hidden; content is Markdown. */
export const announcementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  uid: z.string(),
  username: z.string().nullable(),
  status: z.number().int(),
  gmtCreate: z.string(),
  gmtModified: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/**
 * A row of get-recent-other-contest (api-core §2): another OJ's upcoming contest. HOJ fetches them from the
 * network; this deployment is offline, so the list is always empty.
 */
export const otherContestRow = z.object({
  oj: z.string().nullable(),
  url: z.string().nullable(),
  title: z.string(),
  beginTime: z.string().nullable(),
  endTime: z.string().nullable(),
});

export const weekStatisticsSchema = z.object({
  dateStrList: z.array(z.string()),
  acCountList: z.array(z.number().int()),
  totalCountList: z.array(z.number().int()),
});

/** type 0 ACM, 1 OI (api-core §2, get-recent-updated-problem). */
export const recentProblemSchema = z.object({
  id: z.number().int(),
  problemId: z.string(),
  title: z.string(),
  type: z.number().int(),
  gmtCreate: z.string(),
  gmtModified: z.string(),
});
