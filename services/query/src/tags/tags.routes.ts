import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { hojReply, success, type ZodRequests } from '@oj/platform';
import { z } from 'zod';
import type { Database } from '@oj/read-models';
import { ojQuery, problemTagsQuery, tagClassificationRow, tagGroup, tagRow } from '@oj/contracts';
import { classificationsOfBank, tagsByClassification, tagsOfBank, tagsOfProblems } from './tags.queries';

/** Tag reads of api-core §3 and the admin classification list of admin §5.9. */
export function tagsRoutes(server: FastifyInstance, db: Kysely<Database>): void {
  const app = server.withTypeProvider<ZodRequests>();
  app.get(
    '/get-all-problem-tags',
    { config: { access: 'anon' }, ...hojReply(z.array(tagRow), { query: ojQuery }) },
    async (request) => success(await tagsOfBank(db, request.query.oj)),
  );
  app.get(
    '/get-problem-tags-and-classification',
    { config: { access: 'anon' }, ...hojReply(z.array(tagGroup), { query: ojQuery }) },
    async (request) => success(await tagsByClassification(db, request.query.oj)),
  );
  app.get(
    '/get-problem-tags',
    { config: { access: 'anon' }, ...hojReply(z.array(tagRow), { query: problemTagsQuery }) },
    async (request) => {
      const { pid } = request.query;
      return success((await tagsOfProblems(db, [pid])).get(pid) ?? []);
    },
  );
  app.get(
    '/admin/tag/classification',
    {
      config: { access: 'login', roles: ['root', 'problem_admin'] },
      ...hojReply(z.array(tagClassificationRow), { query: ojQuery }),
    },
    async (request) => success(await classificationsOfBank(db, request.query.oj)),
  );
}
