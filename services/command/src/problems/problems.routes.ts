import type { FastifyInstance, FastifyRequest } from 'fastify';
import { problemStream, type ProblemEvent } from '@oj/events';
import { hojReply, largeBodyLimitBytes, principalOf, success, type ZodRequests } from '@oj/platform';
import { awaitWrites } from '../handling/await-projection';
import { CommandRejected } from '../handling/command-rejected';
import type { Decide } from '../handling/decider';
import { handleCommand } from '../handling/handle-command';
import { metadataOf } from '../handling/request-metadata';
import { placeInContest, placementForEdit, placementForNewProblem, type ContestPlacement } from './contest-placement';
import { contestFactsFor } from './problem-reads/problem-contest';
import { buildProblemDraft } from './problem-reads/problem-draft';
import { displayIdKey, isLive, loadProblem, nextProblemId } from './problem-reads/problem-lookup';
import { displayIdClaims } from './display-ids/display-id-claims';
import { resolveProblemTags } from './problem-reads/problem-tags';
import type { ProblemState } from './problem.state';
import { isCreator, problemModel } from './problem.state';
import type { CommandContext } from '../command-context';
import {
  changeProblemAuthBody,
  createProblemReply,
  noData,
  problemIdQuery,
  saveContestProblemBody,
  saveProblemBody,
  type SaveProblemBody,
} from '@oj/contracts';
import { problemMessages } from './problems.rejections';
import { changeProblemVisibility, createProblem, deleteProblem, editProblem } from './save-problem';
import { validateProblem } from './validate-problem';

/** The admin back office's roles (admin §5); deleting is for root and problem admins only (admin §5.7). */
const backOffice = {
  config: { access: 'login' as const, roles: ['root' as const, 'admin' as const, 'problem_admin' as const] },
};
const deleters = {
  config: { access: 'login' as const, roles: ['root' as const, 'problem_admin' as const] },
  ...hojReply(noData, { query: problemIdQuery }),
};
/** A problem save carries its statement and manual test data as JSON text, past the default body limit. */
const backOfficeSave = { ...backOffice, bodyLimit: largeBodyLimitBytes };
/** Creating answers the new problem's ids; editing answers nothing. */
const createProblemRoute = { ...backOfficeSave, ...hojReply(createProblemReply, { body: saveProblemBody }) };
const editProblemRoute = { ...backOfficeSave, ...hojReply(noData, { body: saveProblemBody }) };
const createContestProblemRoute = {
  ...backOfficeSave,
  ...hojReply(createProblemReply, { body: saveContestProblemBody }),
};
const editContestProblemRoute = { ...backOfficeSave, ...hojReply(noData, { body: saveContestProblemBody }) };
const changeAuthRoute = { ...backOffice, ...hojReply(noData, { body: changeProblemAuthBody }) };

const contestIdOf = (body: { cid?: number | null; problem?: { cid?: number | null } | null }) =>
  body.cid ?? body.problem?.cid ?? null;

export function problemsRoutes(server: FastifyInstance, dependencies: CommandContext): void {
  const app = server.withTypeProvider<ZodRequests>();
  const handling = { store: dependencies.store, newEventId: dependencies.newId };
  const now = () => dependencies.clock.now().toISOString();
  const run = async (request: FastifyRequest, problemId: number, decide: Decide<ProblemState, ProblemEvent>) => {
    const handled = await handleCommand(handling, problemStream(problemId), problemModel, decide, metadataOf(request));
    return handled.position;
  };

  const claimsFor = (request: FastifyRequest) => displayIdClaims(dependencies, metadataOf(request));

  /** Every rule is checked first, so a refused save claims no id and creates no tag. */
  const validateSave = async (
    request: FastifyRequest,
    body: SaveProblemBody,
    previous: ProblemState | null,
    placement?: ContestPlacement,
  ) => {
    if (!body.problem) throw new CommandRejected(400, problemMessages.configMissing);
    const author = principalOf(request).username;
    const context = { author, tagIds: [], previous: previous?.definition ?? null };
    const draft = await buildProblemDraft(dependencies.blobs, body, context);
    validateProblem(placeInContest(draft, placement));
    return { body, context, displayId: displayIdKey(draft.displayId) };
  };

  /** Creates the save's new tags, then builds the draft that names them. */
  const draftWithTags = async (request: FastifyRequest, validated: Awaited<ReturnType<typeof validateSave>>) => {
    const tags = await resolveProblemTags(handling, validated.body.tags ?? [], now(), metadataOf(request));
    const context = { ...validated.context, tagIds: tags.tagIds };
    const draft = await buildProblemDraft(dependencies.blobs, validated.body, context);
    return { draft, tagsPosition: tags.position };
  };

  const create = async (request: FastifyRequest, body: SaveProblemBody, placement?: ContestPlacement) => {
    const validated = await validateSave(request, body, null, placement);
    const problemId = await nextProblemId(dependencies.db);
    const { username } = principalOf(request);
    const claims = claimsFor(request);
    const claimed = { problemId, displayId: validated.displayId, at: now() };
    await claims.claim({ ...claimed, whenTaken: problemMessages.displayIdExists });
    const { tagsPosition, position } = await claims.releasingOnFailure(claimed, async () => {
      const { draft, tagsPosition } = await draftWithTags(request, validated);
      const creator = { createdBy: username, creatorId: principalOf(request).userId };
      const decide = createProblem({ problemId, draft, placement, ...creator, createdAt: claimed.at });
      return { tagsPosition, position: await run(request, problemId, decide) };
    });
    await awaitWrites(dependencies.awaitProjections, tagsPosition, position);
    return success({ pid: problemId, problemId: validated.displayId });
  };

  /**
   * The editor is root, a problem admin or the creator by the uid the events record (HOJ trusts the body's
   * free-text author, issue 10 F14). A new display id is claimed before the edit and the old one released after it.
   */
  const edit = async (
    request: FastifyRequest,
    body: SaveProblemBody,
    problemId: number,
    placement?: ContestPlacement,
  ) => {
    const principal = principalOf(request);
    const current = await loadProblem(dependencies.store, problemId);
    if (principal.role === 'admin' && isLive(current) && !isCreator(current, principal.userId))
      throw new CommandRejected(403, problemMessages.noEditPermission);
    const validated = await validateSave(request, body, current, placement);
    const previousId = isLive(current) ? displayIdKey(current.definition.displayId) : null;
    const moves = previousId !== null && previousId !== validated.displayId;
    const claims = claimsFor(request);
    const claimed = { problemId, displayId: validated.displayId, at: now() };
    const save = async () => {
      const { draft, tagsPosition } = await draftWithTags(request, validated);
      const decide = editProblem({ problemId, draft, placement, editedBy: principal.username, editedAt: claimed.at });
      return { tagsPosition, position: await run(request, problemId, decide) };
    };
    if (moves) await claims.claim({ ...claimed, whenTaken: problemMessages.displayIdInUse });
    const { tagsPosition, position } = moves ? await claims.releasingOnFailure(claimed, save) : await save();
    if (moves) await claims.release({ problemId, displayId: previousId, at: claimed.at });
    await awaitWrites(dependencies.awaitProjections, tagsPosition, position);
    return success(null);
  };

  app.post('/admin/problem', createProblemRoute, (request) => create(request, request.body));

  app.put('/admin/problem', editProblemRoute, async (request) => {
    const problemId = request.body.problem?.id;
    if (!problemId) throw new CommandRejected(400, problemMessages.idRequired);
    return edit(request, request.body, problemId);
  });

  // Admin §5.12, validated like the bank (HOJ validates nothing here); HOJ's client then links the new
  // problem with PUT /api/admin/contest/contest-problem {pid, cid, displayId, displayTitle}.
  app.post('/admin/contest/problem', createContestProblemRoute, async (request) => {
    const cid = contestIdOf(request.body);
    const contest = cid === null ? null : await contestFactsFor(dependencies.db, cid, null);
    const { userId, role } = principalOf(request);
    return create(request, request.body, placementForNewProblem(contest, { userId, role }));
  });

  app.put('/admin/contest/problem', editContestProblemRoute, async (request) => {
    const { body } = request;
    const problemId = body.problem?.id;
    if (!problemId) throw new CommandRejected(400, problemMessages.idRequired);
    const cid = contestIdOf(body);
    const placement =
      cid === null ? undefined : placementForEdit(await contestFactsFor(dependencies.db, cid, problemId));
    return edit(request, body, problemId, placement);
  });

  /** Deleting frees the display id once the problem event is appended. */
  app.delete('/admin/problem', deleters, async (request) => {
    const { pid } = request.query;
    const current = await loadProblem(dependencies.store, pid);
    const deletedAt = now();
    const decide = deleteProblem({ problemId: pid, deletedBy: principalOf(request).username, deletedAt });
    const position = await run(request, pid, decide);
    if (isLive(current))
      await claimsFor(request).release({ problemId: pid, displayId: current.definition.displayId, at: deletedAt });
    await awaitWrites(dependencies.awaitProjections, position);
    return success(null);
  });

  app.put('/admin/problem/change-problem-auth', changeAuthRoute, async (request) => {
    const { id, auth } = request.body;
    const { userId, username, role } = principalOf(request);
    const actor = { userId, username, managesEveryProblem: role !== 'admin' };
    const decide = changeProblemVisibility({ problemId: id, auth, actor, changedAt: now() });
    await awaitWrites(dependencies.awaitProjections, await run(request, id, decide));
    return success(null);
  });
  // compile-spj and compile-interactive: compile-checker.routes.ts (a judge process compiles the source).
}
