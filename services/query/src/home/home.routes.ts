import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '@oj/read-models';
import {
  ApiError,
  hojReply,
  nonJsonReply,
  platformMessages,
  success,
  type BlobSource,
  type Clock,
  type ZodRequests,
} from '@oj/platform';
import {
  acmRankRowSchema,
  announcementPageQuery,
  announcementSchema,
  carouselImageSchema,
  otherContestRow,
  pageOf,
  publicImageParams,
  recentProblemSchema,
  weekStatisticsQuery,
  weekStatisticsSchema,
  type AnnouncementPageQuery,
} from '@oj/contracts';
import {
  findPublicImage,
  lastWeekSubmissionStatistics,
  listCarouselImages,
  pageAnnouncements,
  recentSevenDayAcRank,
  recentUpdatedProblems,
} from './home.queries';
import { page } from '../paging/page';

export interface HomeQueryContext {
  readonly db: Kysely<Database>;
  readonly blobs: BlobSource;
  readonly clock: Clock;
}

const anon = { config: { access: 'anon' as const } };
const announcementAdmin = {
  config: { access: 'login' as const, roles: ['root' as const], permission: 'announcement_admin' as const },
};
const maxPageSize = 500;

function paging({ limit, currentPage }: AnnouncementPageQuery, defaultLimit: number) {
  const size = Math.min(maxPageSize, limit !== undefined && limit >= 1 ? limit : defaultLimit);
  const current = currentPage !== undefined && currentPage >= 1 ? currentPage : 1;
  return { size, current, offset: (current - 1) * size };
}

/** The home calls (api-core §2, all anon), the admin announcement list and the public images (files §6). */
export function homeRoutes(server: FastifyInstance, context: HomeQueryContext): void {
  const app = server.withTypeProvider<ZodRequests>();
  const { db } = context;
  app.get('/home-carousel', { ...anon, ...hojReply(z.array(carouselImageSchema)) }, async () =>
    success(await listCarouselImages(db)),
  );

  // Other OJs' contests are fetched from the network by HOJ; this deployment is offline (empty, not null).
  app.get('/get-recent-other-contest', { ...anon, ...hojReply(z.array(otherContestRow)) }, async () => success([]));

  const announcementPage = hojReply(pageOf(announcementSchema), { query: announcementPageQuery });
  app.get('/get-common-announcement', { ...anon, ...announcementPage }, async (request) => {
    const { size, current, offset } = paging(request.query, 10);
    const { records, total } = await pageAnnouncements(db, { visibleOnly: true, limit: size, offset });
    return success(page(records, total, size, current));
  });

  app.get('/admin/announcement', { ...announcementAdmin, ...announcementPage }, async (request) => {
    const { size, current, offset } = paging(request.query, 10);
    const { records, total } = await pageAnnouncements(db, { visibleOnly: false, limit: size, offset });
    return success(page(records, total, size, current));
  });

  app.get('/get-recent-seven-ac-rank', { ...anon, ...hojReply(z.array(acmRankRowSchema)) }, async () =>
    success(await recentSevenDayAcRank(db, context.clock.now())),
  );
  const weekStatistics = hojReply(weekStatisticsSchema, { query: weekStatisticsQuery });
  app.get('/get-last-week-submission-statistics', { ...anon, ...weekStatistics }, async () =>
    success(await lastWeekSubmissionStatistics(db, context.clock.now())),
  );
  app.get('/get-recent-updated-problem', { ...anon, ...hojReply(z.array(recentProblemSchema)) }, async () =>
    success(await recentUpdatedProblems(db)),
  );

  for (const url of ['/public/img/:name', '/public/file/:name']) {
    app.get(url, nonJsonReply(anon, 'file', { params: publicImageParams }), async (request, reply) => {
      const { name } = request.params;
      const image = name === null ? null : await findPublicImage(db, name);
      if (!image) throw new ApiError(404, platformMessages.notFound, {}, { httpStatus: 404 });
      const bytes = await context.blobs.read(image.sha256);
      // Same origin as the app: an uploaded SVG must never run script, whatever its content says.
      return reply
        .header('Content-Type', image.content_type)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(Buffer.from(bytes));
    });
  }
}
