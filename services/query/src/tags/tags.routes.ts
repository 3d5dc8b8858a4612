import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { hojReply, success } from '@oj/platform';
import { z } from 'zod';
import type { Database } from '@oj/read-models';
import { ojQuery, problemTagsQuery, tagClassificationRow, tagGroup, tagRow } from '@oj/contracts';
import { classificationsOfBank, tagsByClassification, tagsOfBank, tagsOfProblems } from './tags.queries';

/** Tag reads of api-core §3 and the admin classification list of admin §5.9. */
export function tagsRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.get('/get-all-problem-tags', { config: { access: 'anon' }, ...hojReply(z.array(tagRow)) }, async (request) => {
    const { oj } = ojQuery.parse(request.query);
    return success(await tagsOfBank(db, oj));
  });
  app.get(
    '/get-problem-tags-and-classification',
    { config: { access: 'anon' }, ...hojReply(z.array(tagGroup)) },
    async (request) => {
      const { oj } = ojQuery.parse(request.query);
      return success(await tagsByClassification(db, oj));
    },
  );
  app.get('/get-problem-tags', { config: { access: 'anon' }, ...hojReply(z.array(tagRow)) }, async (request) => {
    const { pid } = problemTagsQuery.parse(request.query);
    return success((await tagsOfProblems(db, [pid])).get(pid) ?? []);
  });
  app.get(
    '/admin/tag/classification',
    { config: { access: 'login', roles: ['root', 'problem_admin'] }, ...hojReply(z.array(tagClassificationRow)) },
    async (request) => success(await classificationsOfBank(db, ojQuery.parse(request.query).oj)),
  );
}
