import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { ApiError, hojReply, platformMessages, success, type LocalizedText, type ZodRequests } from '@oj/platform';
import { z } from 'zod';
import { acmRankRowSchema, oiRankRowSchema, pageOf, rankListQuery } from '@oj/contracts';
import { readRankPage } from './ranks.queries';
import { page } from '../paging/page';

const wrongType: LocalizedText = {
  'zh-CN': '排行榜类型代码不正确，请使用0(ACM),1(OI)！',
  'en-US': 'Wrong rank type: use 0 (ACM) or 1 (OI)!',
};
const maxPageSize = 500;

export function ranksRoutes(server: FastifyInstance, db: Kysely<Database>): void {
  const app = server.withTypeProvider<ZodRequests>();
  // type 0 pages ACMRankVO rows, type 1 OIRankVO rows.
  const rankPage = pageOf(z.union([acmRankRowSchema, oiRankRowSchema]));
  app.get(
    '/get-rank-list',
    { config: { access: 'anon' }, ...hojReply(rankPage, { query: rankListQuery }) },
    async (request) => {
      const { query } = request;
      // A missing `type` escapes to the global handler in HOJ: HTTP 400 (api-core §5).
      if (query.type === undefined) {
        throw new ApiError(400, platformMessages.missingParameter, { name: 'type' }, { httpStatus: 400 });
      }
      if (query.type !== 0 && query.type !== 1) throw new ApiError(400, wrongType);
      const size = Math.min(maxPageSize, query.limit !== undefined && query.limit >= 1 ? query.limit : 30);
      const current = query.currentPage !== undefined && query.currentPage >= 1 ? query.currentPage : 1;
      const { records, total } = await readRankPage(db, {
        type: query.type === 0 ? 'acm' : 'oi',
        limit: size,
        offset: (current - 1) * size,
        search: query.searchUser,
      });
      return success(page(records, total, size, current));
    },
  );
}
