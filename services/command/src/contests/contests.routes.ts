import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contestStream, type ContestEvent } from '@oj/events';
import {
  adminRoles,
  hojReply,
  principalOf,
  success,
  type RequestSchemas,
  type TextSealer,
  type ZodRequests,
} from '@oj/platform';
import type { CommandContext } from '../command-context';
import { awaitWrites } from '../handling/await-projection';
import { CommandRejected } from '../handling/command-rejected';
import { fold, type Decide } from '../handling/decider';
import { handleCommand } from '../handling/handle-command';
import { metadataOf } from '../handling/request-metadata';
import { contestModel, type ContestState } from './contest.state';
import { contestReads } from './contest-reads/contest-read-model';
import {
  addProblemFromPublicBody,
  adminContestBody,
  changeContestVisibleQuery,
  checkContestAcInfoBody,
  checkContestPrintQuery,
  submitPrintTextBody,
  contestAnnouncementBody,
  contestAnnouncementIdQuery,
  contestIdQuery,
  contestProblemBody,
  contestProblemLink,
  noData,
  removeContestProblemQuery,
  type AdminContestBody,
} from '@oj/contracts';
import { contestMessages } from './contests.rejections';
import { postContestAnnouncement } from './post-contest-announcement';
import { editContestAnnouncement } from './edit-contest-announcement';
import { removeContestAnnouncement } from './remove-contest-announcement';
import { savedLink } from './contest-problem-links';
import { addContestProblem } from './add-contest-problem';
import { saveContestProblem } from './save-contest-problem';
import { removeContestProblem } from './remove-contest-problem';
import { createContest } from './create-contest';
import { editContest } from './edit-contest';
import { changeContestVisibility } from './change-contest-visibility';
import { deleteContest } from './delete-contest';
import { contestRegistrationRoutes } from './contest-registration.routes';
import { changeAcCheck, markPrinted, requestPrint } from './contest-admin-tools';
import { cloneContest } from './clone-contest';

export interface ContestsDependencies extends CommandContext {
  /** Seals contest passwords before they reach an event (F9; docs/contests.md). */
  readonly contestPasswords: TextSealer;
}

/**
 * Route options by who may call, given the contract schemas the route reads: every contest command answers
 * `data: null` but the contest-problem save, which answers the link it saved.
 */
const allowing =
  <const Config extends object>(config: Config) =>
  <Request extends RequestSchemas>(request: Request) => ({ config, ...hojReply(noData, request) });
const adminConfig = { access: 'login', roles: adminRoles } as const;
const contestAdmin = allowing(adminConfig);
const rootOnly = allowing({ access: 'login', roles: ['root'] });
const problemAdmin = allowing({ access: 'login', roles: ['root', 'problem_admin'] });
const contestant = allowing({ access: 'login' });

/** The contest command calls: back-office admin (§1.3) and registration (§1.1). */
export function contestsRoutes(server: FastifyInstance, dependencies: ContestsDependencies): void {
  const app = server.withTypeProvider<ZodRequests>();
  const reads = contestReads(dependencies.db);
  const now = () => dependencies.clock.now().toISOString();
  const actorOf = (request: FastifyRequest) => {
    const principal = principalOf(request);
    return { userId: principal.userId, username: principal.username, isRoot: principal.role === 'root' };
  };
  const run = async (request: FastifyRequest, contestId: number, decide: Decide<ContestState, ContestEvent>) => {
    const handled = await handleCommand(
      { store: dependencies.store, newEventId: dependencies.newId },
      contestStream(contestId),
      contestModel,
      decide,
      metadataOf(request),
    );
    await awaitWrites(dependencies.awaitProjections, handled);
    return handled.events.reduce(contestModel.evolve, handled.state);
  };

  const sealedPassword = (body: AdminContestBody): AdminContestBody =>
    body.pwd ? { ...body, pwd: dependencies.contestPasswords.seal(body.pwd) } : body;

  app.post('/admin/contest', contestAdmin({ body: adminContestBody }), async (request) => {
    const body = sealedPassword(request.body);
    const contestId = await reads.nextContestId();
    await run(request, contestId, createContest({ contestId, body, actor: actorOf(request), createdAt: now() }));
    return success(null);
  });

  app.put('/admin/contest', contestAdmin({ body: adminContestBody }), async (request) => {
    const body = sealedPassword(request.body);
    if (!body.id) throw new CommandRejected(400, contestMessages.updateFailed);
    await run(request, body.id, editContest({ body, actor: actorOf(request), changedAt: now() }));
    return success(null);
  });

  app.get('/admin/contest/clone', contestAdmin({ query: contestIdQuery }), async (request) => {
    const { cid } = request.query;
    const original = fold(contestModel, await dependencies.store.readStream(contestStream(cid))).contest;
    const contestId = await reads.nextContestId();
    await run(request, contestId, cloneContest({ contestId, original, actor: actorOf(request), clonedAt: now() }));
    return success(null);
  });

  app.delete('/admin/contest', rootOnly({ query: contestIdQuery }), async (request) => {
    const { cid } = request.query;
    await run(request, cid, deleteContest({ actor: actorOf(request), deletedAt: now() }));
    return success(null);
  });

  const changeVisible = contestAdmin({ query: changeContestVisibleQuery });
  app.put('/admin/contest/change-contest-visible', changeVisible, async (request) => {
    const { cid, visible } = request.query;
    await run(request, cid, changeContestVisibility({ visible, actor: actorOf(request), changedAt: now() }));
    return success(null);
  });

  const problemsActorOf = (request: FastifyRequest) => {
    const { userId, role } = principalOf(request);
    return { userId, mayManageAnyContest: role === 'root' || role === 'problem_admin' };
  };

  const addFromPublic = contestAdmin({ body: addProblemFromPublicBody });
  app.post('/admin/contest/add-problem-from-public', addFromPublic, async (request) => {
    const { body } = request;
    const problem = await reads.bankProblem(body.pid);
    const contestProblemId = await reads.nextContestProblemId();
    const actor = problemsActorOf(request);
    const decide = addContestProblem({ contestProblemId, problem, displayId: body.displayId, actor, addedAt: now() });
    await run(request, body.cid, decide);
    return success(null);
  });

  const saveLink = { config: adminConfig, ...hojReply(contestProblemLink, { body: contestProblemBody }) };
  app.put('/admin/contest/contest-problem', saveLink, async (request) => {
    const { body } = request;
    const { displayId, displayTitle } = body;
    const contestProblemId = body.id ?? null;
    const isLinking = contestProblemId === null && Boolean(body.pid);
    const decide = saveContestProblem({
      contestProblemId,
      newContestProblemId: isLinking ? await reads.nextContestProblemId() : 0,
      problem: isLinking && body.pid ? await reads.bankProblem(body.pid) : null,
      displayId,
      displayTitle,
      color: body.color ?? null,
      actor: problemsActorOf(request),
      savedAt: now(),
    });
    const saved = savedLink(await run(request, body.cid, decide), { contestProblemId, problemId: body.pid });
    return success(
      saved && {
        id: saved.contestProblemId,
        cid: body.cid,
        pid: saved.problemId,
        displayId: saved.displayId,
        displayTitle: saved.displayTitle,
        color: saved.color,
      },
    );
  });

  app.delete('/admin/contest/problem', problemAdmin({ query: removeContestProblemQuery }), async (request) => {
    const { pid, cid } = request.query;
    await run(request, cid, removeContestProblem({ problemId: pid, removedAt: now() }));
    return success(null);
  });

  app.post('/admin/contest/announcement', contestAdmin({ body: contestAnnouncementBody }), async (request) => {
    const { cid, announcement } = request.body;
    const announcementId = await reads.nextAnnouncementId();
    const facts = { title: announcement.title, content: announcement.content, visible: announcement.status === 0 };
    const actor = actorOf(request);
    const decide = postContestAnnouncement({ announcementId, announcement: facts, actor, postedAt: now() });
    await run(request, cid, decide);
    return success(null);
  });

  app.put('/admin/contest/announcement', contestAdmin({ body: contestAnnouncementBody }), async (request) => {
    const { cid, announcement } = request.body;
    if (!announcement.id) throw new CommandRejected(400, contestMessages.announcementUpdateFailed);
    const facts = { title: announcement.title, content: announcement.content, visible: announcement.status === 0 };
    await run(
      request,
      cid,
      editContestAnnouncement({
        announcementId: announcement.id,
        announcement: facts,
        actor: actorOf(request),
        editedAt: now(),
      }),
    );
    return success(null);
  });

  app.delete('/admin/contest/announcement', contestAdmin({ query: contestAnnouncementIdQuery }), async (request) => {
    const { aid } = request.query;
    const contestId = await reads.announcementContest(aid);
    if (contestId === null) throw new CommandRejected(400, contestMessages.announcementDeleteFailed);
    await run(
      request,
      contestId,
      removeContestAnnouncement({ announcementId: aid, actor: actorOf(request), removedAt: now() }),
    );
    return success(null);
  });

  app.put('/check-contest-ac-info', contestant({ body: checkContestAcInfoBody }), async (request) => {
    const { body } = request;
    const decide = changeAcCheck({
      submissionId: body.id,
      checked: body.checked,
      actor: actorOf(request),
      changedAt: now(),
    });
    await run(request, body.cid, decide);
    return success(null);
  });

  const { ephemeral } = dependencies;
  app.post('/submit-print-text', contestant({ body: submitPrintTextBody }), async (request) => {
    const { body } = request;
    const actor = actorOf(request);
    // One print per user per 30 s across contests (§1.1), counted before deciding as HOJ's Redis lock is.
    const key = `contest_add_print_lock:${actor.userId}`;
    if ((await ephemeral.increment(key, 30, { renewTtl: false })) > 1) {
      throw new CommandRejected(403, contestMessages.printTooFast, {
        seconds: String(await ephemeral.secondsLeft(key)),
      });
    }
    const printId = await reads.nextPrintId();
    const realname = await reads.realnameOf(actor.userId);
    await run(request, body.cid, requestPrint({ printId, actor, realname, content: body.content, requestedAt: now() }));
    return success(null);
  });

  app.put('/check-contest-print-status', contestant({ query: checkContestPrintQuery }), async (request) => {
    const { query } = request;
    await run(request, query.cid, markPrinted({ printId: query.id, actor: actorOf(request), markedAt: now() }));
    return success(null);
  });

  contestRegistrationRoutes(app, dependencies);
}
