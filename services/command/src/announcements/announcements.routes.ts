import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteStream, type AnnouncementEvent } from '@oj/events';
import { hojReply, principalOf, success, type ZodRequests } from '@oj/platform';
import type { CommandContext } from '../command-context';
import type { Decide } from '../handling/decider';
import { runCommand } from '../handling/run-command';
import { deleteAnnouncementQuery, editAnnouncementBody, noData, publishAnnouncementBody } from '@oj/contracts';
import { announcementsModel, type AnnouncementsState } from './announcements.state';
import { deleteAnnouncement } from './delete-announcement';
import { editAnnouncement } from './edit-announcement';
import { publishAnnouncement } from './publish-announcement';

/** Admin §5.5: role root and permission announcement_admin (only root holds it). */
const announcementAdmin = {
  config: { access: 'login' as const, roles: ['root' as const], permission: 'announcement_admin' as const },
};

export function announcementsRoutes(server: FastifyInstance, dependencies: CommandContext): void {
  const app = server.withTypeProvider<ZodRequests>();
  const run = (request: FastifyRequest, decide: Decide<AnnouncementsState, AnnouncementEvent>) =>
    runCommand(dependencies, request, siteStream, announcementsModel, decide);
  const now = () => dependencies.clock.now().toISOString();

  app.post(
    '/admin/announcement',
    { ...announcementAdmin, ...hojReply(noData, { body: publishAnnouncementBody }) },
    async (request) => {
      const { body } = request;
      const announcement = { title: body.title, content: body.content, isVisible: body.status === 0 };
      await run(
        request,
        publishAnnouncement({ announcement, authorId: principalOf(request).userId, publishedAt: now() }),
      );
      return success(null);
    },
  );

  app.put(
    '/admin/announcement',
    { ...announcementAdmin, ...hojReply(noData, { body: editAnnouncementBody }) },
    async (request) => {
      const { body } = request;
      const announcement = { title: body.title, content: body.content, isVisible: body.status === 0 };
      const editedBy = principalOf(request).userId;
      await run(request, editAnnouncement({ announcementId: body.id, announcement, editedBy, editedAt: now() }));
      return success(null);
    },
  );

  app.delete(
    '/admin/announcement',
    { ...announcementAdmin, ...hojReply(noData, { query: deleteAnnouncementQuery }) },
    async (request) => {
      const { aid } = request.query;
      await run(
        request,
        deleteAnnouncement({ announcementId: aid, deletedBy: principalOf(request).userId, deletedAt: now() }),
      );
      return success(null);
    },
  );
}
