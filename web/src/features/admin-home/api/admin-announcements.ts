import { announcementSchema, noData, pageOf, type Announcement } from '@oj/contracts';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';

export type { Announcement };
export const adminAnnouncementPageSize = 10;

/** Request body of POST/PUT /api/admin/announcement (admin §5.5): status 0 shown, 1 hidden. */
export type AnnouncementDraft = { title: string; content: string; status: 0 | 1 };

/** GET /api/admin/announcement: every announcement, newest first. */
export const getAdminAnnouncements = (currentPage: number) =>
  apiGet('/admin/announcement', pageOf(announcementSchema), {
    query: { currentPage, limit: adminAnnouncementPageSize },
  });

export const publishAnnouncement = (draft: AnnouncementDraft) => apiPost('/admin/announcement', draft, noData);

/** PUT sends the whole announcement; the visibility toggle is this call too. */
export const editAnnouncement = (id: number, draft: AnnouncementDraft) =>
  apiPut('/admin/announcement', { id, ...draft }, noData);

export const deleteAnnouncement = (id: number) => apiDelete('/admin/announcement', { aid: id }, noData);
