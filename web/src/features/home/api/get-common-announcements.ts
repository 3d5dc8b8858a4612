import { announcementSchema, pageOf, type Announcement } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';

export type { Announcement };

/** Spec 000 §9: five announcements a page on the home panel. */
export const announcementPageSize = 5;

/** GET /api/get-common-announcement (api-core §2): visible announcements, newest first. */
export const getCommonAnnouncements = (currentPage: number) =>
  apiGet('/get-common-announcement', pageOf(announcementSchema), {
    query: { currentPage, limit: announcementPageSize },
  });
