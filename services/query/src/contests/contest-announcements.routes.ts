import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import {
  adminRoles,
  ApiError,
  hojReply,
  principalOf,
  success,
  type Clock,
  type LocalizedText,
  type ZodRequests,
} from '@oj/platform';
import {
  announcementSchema,
  contestAnnouncementQuery,
  notReadAnnouncementBody,
  pageOf,
  type Announcement,
} from '@oj/contracts';
import { z } from 'zod';
import { page } from '../paging/page';
import { accessibleContest } from './accessible-contest';
import { isContestAdmin, type Viewer } from './contest-access';
import { contestAnnouncements, unreadAnnouncements } from './contest-announcements.queries';
import { viewerOf } from './contest-viewer';
import { findContest } from './contests.queries';

const messages = {
  adminNoPermission: { 'zh-CN': '对不起，你无权限操作！', 'en-US': 'Sorry, you have no permission for this!' },
} as const satisfies Record<string, LocalizedText>;

export interface ContestAnnouncementsDependencies {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
}

/** A contest's announcements (§1.1): the contestants' list and unread poll, and the admins' list with drafts. */
export function contestAnnouncementsRoutes(
  server: FastifyInstance,
  { db, clock }: ContestAnnouncementsDependencies,
): void {
  const app = server.withTypeProvider<ZodRequests>();
  const accessible = (contestId: number, viewer: Viewer) => accessibleContest(db, contestId, viewer, clock.now());
  const adminRule = { config: { access: 'login' as const, roles: adminRoles } };
  const login = { config: { access: 'login' as const } };
  const announcementPage = hojReply(pageOf(announcementSchema), { query: contestAnnouncementQuery });

  app.get('/get-contest-announcement', { ...login, ...announcementPage }, async (request) => {
    const { query } = request;
    await accessible(query.cid, viewerOf(principalOf(request)));
    const { total, rows } = await contestAnnouncements(db, query.cid, {
      visibleOnly: true,
      page: query.currentPage,
      limit: query.limit,
    });
    return success(page(rows.map(announcementOf), total, query.limit, query.currentPage));
  });

  app.post(
    '/get-contest-not-read-announcement',
    { ...login, ...hojReply(z.array(announcementSchema), { body: notReadAnnouncementBody }) },
    async (request) => {
      const { body } = request;
      // F11: the contest access check first, and published announcements only (HOJ: neither [quirk 5]).
      await accessible(body.cid, viewerOf(principalOf(request)));
      const rows = await unreadAnnouncements(db, body.cid, body.readAnnouncementList ?? []);
      return success(rows.map((row) => ({ ...announcementOf(row), gid: null })));
    },
  );

  // Hidden announcements are drafts of the contest's admins: root or the creator only (issue 10, F10).
  app.get('/admin/contest/announcement', { ...adminRule, ...announcementPage }, async (request) => {
    const { query } = request;
    const contest = await findContest(db, query.cid);
    if (contest && !isContestAdmin(contest, viewerOf(request.principal)))
      throw new ApiError(403, messages.adminNoPermission);
    const { total, rows } = await contestAnnouncements(db, query.cid, {
      visibleOnly: false,
      page: query.currentPage,
      limit: query.limit,
    });
    return success(page(rows.map(announcementOf), total, query.limit, query.currentPage));
  });
}

type AnnouncementRow = Awaited<ReturnType<typeof unreadAnnouncements>>[number];

const announcementOf = (row: AnnouncementRow): Announcement => ({
  id: row.announcement_id,
  title: row.title,
  content: row.content,
  uid: row.author_id,
  username: row.author_username,
  status: row.visible ? 0 : 1,
  gmtCreate: row.created_at.toISOString(),
  gmtModified: row.modified_at.toISOString(),
});
