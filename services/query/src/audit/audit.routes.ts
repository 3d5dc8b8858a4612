import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import {
  adminRoles,
  ApiError,
  hojReply,
  nonJsonReply,
  principalOf,
  success,
  type Principal,
  type ZodRequests,
} from '@oj/platform';
import { page } from '../paging/page';
import { csvLines, ndjsonLines } from './audit-export';
import { auditEntrySchema, auditExportQuery, auditPageQuery, pageOf, type AuditFilter } from '@oj/contracts';
import { auditEntriesForExport, auditPage, contestCreatorOf } from './audit.queries';

const backOffice = { config: { access: 'login' as const, roles: adminRoles } };

const auditMessages = {
  onlyOwnContest: {
    'zh-CN': '对不起，您只能查看自己创建的比赛的审计记录！',
    'en-US': 'Sorry, you may only see the audit trail of contests you created.',
  },
} as const;

/**
 * Root and admins see the whole trail; anyone else of the back office (a problem admin) only the trail of a
 * contest they created: a contest scope names the contest, so every entry of it is theirs to see.
 */
async function checkAuditAccess(db: Kysely<Database>, principal: Principal, filter: AuditFilter): Promise<void> {
  if (principal.role === 'root' || principal.role === 'admin') return;
  const creator = filter.scope === 'contest' ? await contestCreatorOf(db, Number(filter.id)) : null;
  if (creator === null || creator !== principal.userId) {
    throw new ApiError(403, auditMessages.onlyOwnContest, {}, { httpStatus: 403 });
  }
}

/** The audit trail of the back office (issue 13 item 2, docs/audit.md): a page of entries and its export. */
export function auditRoutes(server: FastifyInstance, db: Kysely<Database>): void {
  const app = server.withTypeProvider<ZodRequests>();
  app.get(
    '/admin/audit',
    { ...backOffice, ...hojReply(pageOf(auditEntrySchema), { query: auditPageQuery }) },
    async (request) => {
      const { query } = request;
      await checkAuditAccess(db, principalOf(request), query);
      const { total, rows } = await auditPage(db, query, query);
      return success(page(rows, total, query.limit, query.currentPage));
    },
  );

  // Streamed: rows are read in chunks and written as they come, up to the query's `max`.
  app.get(
    '/admin/audit/export',
    nonJsonReply(backOffice, 'stream', { query: auditExportQuery }),
    async (request, reply) => {
      const { query } = request;
      await checkAuditAccess(db, principalOf(request), query);
      const rows = auditEntriesForExport(db, query, query.max);
      const isCsv = query.format === 'csv';
      const name = `audit-${query.scope}${query.id ? `-${query.id}` : ''}.${isCsv ? 'csv' : 'ndjson'}`;
      return reply
        .type(isCsv ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`)
        .send(Readable.from(isCsv ? csvLines(rows) : ndjsonLines(rows)));
    },
  );
}
