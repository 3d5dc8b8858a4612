import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ApiError,
  hojReply,
  nonJsonReply,
  principalOf,
  success,
  zipFiles,
  type BlobStore,
  type ZodRequests,
} from '@oj/platform';
import type { Database } from '@oj/read-models';
import { adminProblemList, problemCases } from './admin-problems.queries';
import { mayManageProblem } from './problem-managers';
import { problemById } from './problem-detail.queries';
import { definitionOf, toProblemEntity } from './problem-rows';
import {
  adminProblemListQuery,
  pageOf,
  problemCaseRow,
  problemCasesQuery,
  problemEntity,
  problemIdQuery,
} from '@oj/contracts';
import { z } from 'zod';
import { problemReadMessages } from './problems.messages';

const backOffice = {
  config: { access: 'login' as const, roles: ['root' as const, 'admin' as const, 'problem_admin' as const] },
};

export interface AdminProblemsContext {
  readonly db: Kysely<Database>;
  readonly blobs: BlobStore;
}

/** The problem reads of the admin back office (admin §5.7) and the test-data download (admin §6). */
export function adminProblemsRoutes(server: FastifyInstance, { db, blobs }: AdminProblemsContext): void {
  const app = server.withTypeProvider<ZodRequests>();
  app.get(
    '/admin/problem/get-problem-list',
    { ...backOffice, ...hojReply(pageOf(problemEntity), { query: adminProblemListQuery }) },
    async (request) => success(await adminProblemList(db, request.query, principalOf(request))),
  );

  // GET /api/admin/contest/problem (admin §5.12) is the same read for the contest's problem editor.
  for (const url of ['/admin/problem', '/admin/contest/problem']) {
    app.get(url, { ...backOffice, ...hojReply(problemEntity, { query: problemIdQuery }) }, async (request) => {
      const { pid } = request.query;
      const row = await problemById(db, pid);
      if (!row) throw new ApiError(400, problemReadMessages.queryFailed);
      if (!mayManageProblem(principalOf(request), row)) throw new ApiError(403, problemReadMessages.noViewPermission);
      return success(toProblemEntity(row, true));
    });
  }

  // HOJ answers any back-office role; manual cases are test data, so an admin reads only their own (F10).
  app.get(
    '/admin/problem/get-problem-cases',
    { ...backOffice, ...hojReply(z.array(problemCaseRow), { query: problemCasesQuery }) },
    async (request) => {
      const { pid, isUpload } = request.query;
      const row = await problemById(db, pid);
      if (row && !mayManageProblem(principalOf(request), row))
        throw new ApiError(403, problemReadMessages.noViewPermission);
      return success(row ? problemCases(row, isUpload) : []);
    },
  );

  // Download errors escape HOJ's services and come back as HTTP 400 envelopes (admin §6).
  app.get(
    '/file/download-testcase',
    nonJsonReply({ config: { access: 'login' as const } }, 'file', { query: problemIdQuery }),
    async (request, reply) => {
      const { pid } = request.query;
      const row = await problemById(db, pid);
      if (!row) throw new ApiError(400, problemReadMessages.problemMissing, {}, { httpStatus: 400 });
      if (!mayManageProblem(principalOf(request), row))
        throw new ApiError(400, problemReadMessages.noOperatePermission, {}, { httpStatus: 400 });
      const definition = definitionOf(row);
      if (definition.testCases.length === 0)
        throw new ApiError(400, problemReadMessages.testDataEmpty, {}, { httpStatus: 400 });
      const files: { name: string; bytes: Uint8Array }[] = [];
      for (const testCase of definition.testCases) {
        files.push({ name: testCase.inputName, bytes: await blobs.read(testCase.inputSha256) });
        files.push({ name: testCase.outputName, bytes: await blobs.read(testCase.outputSha256) });
      }
      const fileName = `problem_${pid}_testcase_${Date.now()}.zip`;
      return reply
        .header('Content-Type', 'application/x-download')
        .header('Content-disposition', `attachment;filename=${encodeURIComponent(fileName)}`)
        .send(Buffer.from(zipFiles(files)));
    },
  );
}
