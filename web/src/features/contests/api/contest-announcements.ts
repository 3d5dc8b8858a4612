import { z } from 'zod';
import { announcementSchema } from '@oj/contracts';
import { apiGet, apiPost } from '@/lib/api-client';
import { tolerantPageOf } from '@/lib/tolerant-reply';

/** GET /api/get-contest-announcement: HOJ pages with currentPage (reference Part 4); the shell shows all. */
export const getContestAnnouncements = (cid: string) =>
  apiGet('/get-contest-announcement', tolerantPageOf(announcementSchema), {
    query: { cid, currentPage: 1, limit: 100 },
  });

/**
 * POST /api/get-contest-not-read-announcement: the ones not yet in the browser's read list (the rows carry
 * `gid: null` besides the announcement, which the contract's schema leaves out).
 */
export const getUnreadContestAnnouncements = (cid: string, readIds: readonly string[]) =>
  apiPost(
    '/get-contest-not-read-announcement',
    { cid: Number(cid), readAnnouncementList: readIds.map(Number) },
    z.array(announcementSchema),
    { silent: true },
  );
