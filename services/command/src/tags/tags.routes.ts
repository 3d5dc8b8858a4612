import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tagCatalogueStream, type TagEvent } from '@oj/events';
import { hojReply, success, type ZodRequests } from '@oj/platform';
import type { CommandContext } from '../command-context';
import type { Decide } from '../handling/decider';
import { runCommand } from '../handling/run-command';
import { addClassification } from './add-classification';
import { addTag } from './add-tag';
import { deleteClassification } from './delete-classification';
import { deleteTag } from './delete-tag';
import { editClassification } from './edit-classification';
import { editTag } from './edit-tag';
import { tagCatalogueModel, type TagCatalogueState } from './tag-catalogue.state';
import {
  addClassificationBody,
  addTagBody,
  deleteClassificationQuery,
  deleteTagQuery,
  editClassificationBody,
  editTagBody,
  noData,
  tagClassificationRow,
  tagRow,
} from '@oj/contracts';

/** Admin §5.9: tags and their classifications are for root and problem admins (not plain admins). */
const tagAdmin = { config: { access: 'login' as const, roles: ['root' as const, 'problem_admin' as const] } };

function tagRowOf(event: TagEvent) {
  if (event.type !== 'TagAdded' && event.type !== 'TagEdited') return null;
  const at = event.type === 'TagAdded' ? event.data.addedAt : event.data.editedAt;
  const { tagId, name, color, oj, classificationId } = event.data;
  return { id: tagId, name, color, oj, gid: null, tcid: classificationId, gmtCreate: at, gmtModified: at };
}

function classificationRowOf(event: TagEvent) {
  if (event.type !== 'TagClassificationAdded' && event.type !== 'TagClassificationEdited') return null;
  const at = event.type === 'TagClassificationAdded' ? event.data.addedAt : event.data.editedAt;
  const { classificationId, name, oj, rank } = event.data;
  return { id: classificationId, name, oj, rank, gmtCreate: at, gmtModified: at };
}

export function tagsRoutes(server: FastifyInstance, dependencies: CommandContext): void {
  const app = server.withTypeProvider<ZodRequests>();
  const run = async (request: FastifyRequest, decide: Decide<TagCatalogueState, TagEvent>) => {
    const handled = await runCommand(dependencies, request, tagCatalogueStream, tagCatalogueModel, decide);
    return handled.events[0] ?? null;
  };
  const now = () => dependencies.clock.now().toISOString();

  app.post('/admin/tag', { ...tagAdmin, ...hojReply(tagRow, { body: addTagBody }) }, async (request) => {
    const { body } = request;
    const tag = { name: body.name, color: body.color, oj: body.oj, classificationId: body.tcid };
    const event = await run(request, addTag({ tag, addedAt: now() }));
    return success(event ? tagRowOf(event) : null);
  });
  app.put('/admin/tag', { ...tagAdmin, ...hojReply(noData, { body: editTagBody }) }, async (request) => {
    const { body } = request;
    const tag = { name: body.name, color: body.color, oj: body.oj, classificationId: body.tcid };
    await run(request, editTag({ tagId: body.id, tag, editedAt: now() }));
    return success(null);
  });
  app.delete('/admin/tag', { ...tagAdmin, ...hojReply(noData, { query: deleteTagQuery }) }, async (request) => {
    const { tid } = request.query;
    await run(request, deleteTag({ tagId: tid, deletedAt: now() }));
    return success(null);
  });
  const addClassificationRoute = { ...tagAdmin, ...hojReply(tagClassificationRow, { body: addClassificationBody }) };
  app.post('/admin/tag/classification', addClassificationRoute, async (request) => {
    const event = await run(request, addClassification({ classification: request.body, addedAt: now() }));
    return success(event ? classificationRowOf(event) : null);
  });
  const editClassificationRoute = { ...tagAdmin, ...hojReply(noData, { body: editClassificationBody }) };
  app.put('/admin/tag/classification', editClassificationRoute, async (request) => {
    const { id, ...classification } = request.body;
    await run(request, editClassification({ classificationId: id, classification, editedAt: now() }));
    return success(null);
  });
  const deleteClassificationRoute = { ...tagAdmin, ...hojReply(noData, { query: deleteClassificationQuery }) };
  app.delete('/admin/tag/classification', deleteClassificationRoute, async (request) => {
    const { tcid } = request.query;
    await run(request, deleteClassification({ classificationId: tcid, deletedAt: now() }));
    return success(null);
  });
}
