import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '@oj/read-models';
import { ApiError, hojReply, nonJsonReply, platformMessages, success, type BlobSource, type Clock } from '@oj/platform';
import {
  acmRankRowSchema,
  announcementPageQuery,
  announcementSchema,
  carouselImageSchema,
  otherContestRow,
  pageOf,
  recentProblemSchema,
  weekStatisticsSchema,
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
const imageName = z.object({
  name: z
    .string()
    .max(80)
    .regex(/^[0-9a-f]{64}\.[a-z0-9]{1,8}$/),
});

function paging(query: unknown, defaultLimit: number) {
  const { limit, currentPage } = announcementPageQuery.parse(query ?? {});
  const size = Math.min(maxPageSize, limit !== undefined && limit >= 1 ? limit : defaultLimit);
  const current = currentPage !== undefined && currentPage >= 1 ? currentPage : 1;
  return { size, current, offset: (current - 1) * size };
}

/** The home calls (api-core §2, all anon), the admin announcement list and the public images (files §6). */
export function homeRoutes(app: FastifyInstance, context: HomeQueryContext): void {
  const { db } = context;
  app.get('/home-carousel', { ...anon, ...hojReply(z.array(carouselImageSchema)) }, async () =>
    success(await listCarouselImages(db)),
  );

  // Other OJs' contests are fetched from the network by HOJ; this deployment is offline (empty, not null).
  app.get('/get-recent-other-contest', { ...anon, ...hojReply(z.array(otherContestRow)) }, async () => success([]));

  app.get('/get-common-announcement', { ...anon, ...hojReply(pageOf(announcementSchema)) }, async (request) => {
    const { size, current, offset } = paging(request.query, 10);
    const { records, total } = await pageAnnouncements(db, { visibleOnly: true, limit: size, offset });
    return success(page(records, total, size, current));
  });

  app.get('/admin/announcement', { ...announcementAdmin, ...hojReply(pageOf(announcementSchema)) }, async (request) => {
    const { size, current, offset } = paging(request.query, 10);
    const { records, total } = await pageAnnouncements(db, { visibleOnly: false, limit: size, offset });
    return success(page(records, total, size, current));
  });

  app.get('/get-recent-seven-ac-rank', { ...anon, ...hojReply(z.array(acmRankRowSchema)) }, async () =>
    success(await recentSevenDayAcRank(db, context.clock.now())),
  );
  app.get('/get-last-week-submission-statistics', { ...anon, ...hojReply(weekStatisticsSchema) }, async () =>
    success(await lastWeekSubmissionStatistics(db, context.clock.now())),
  );
  app.get('/get-recent-updated-problem', { ...anon, ...hojReply(z.array(recentProblemSchema)) }, async () =>
    success(await recentUpdatedProblems(db)),
  );

  const serveImage = async (request: { params: unknown }, reply: FastifyReply) => {
    const parsed = imageName.safeParse(request.params);
    const image = parsed.success ? await findPublicImage(db, parsed.data.name) : null;
    if (!image) throw new ApiError(404, platformMessages.notFound, {}, { httpStatus: 404 });
    const bytes = await context.blobs.read(image.sha256);
    // Same origin as the app: an uploaded SVG must never run script, whatever its content says.
    return reply
      .header('Content-Type', image.content_type)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(Buffer.from(bytes));
  };
  app.get('/public/img/:name', nonJsonReply(anon, 'file'), serveImage);
  app.get('/public/file/:name', nonJsonReply(anon, 'file'), serveImage);
}
