/* eslint-disable max-lines -- the route table of every CCS endpoint the spec lists, with its access hook and the package stream. */
import { Readable } from 'node:stream';
import { strToU8, zipSync } from 'fflate';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { z } from 'zod';
import { ApiError, bareReply, nonJsonReply, type Clock, type LocalizedText, type ZodRequests } from '@oj/platform';
import {
  ccsAccount,
  ccsApiInfo,
  ccsAward,
  ccsClarification,
  ccsContest,
  ccsContestParams,
  ccsEventFeedQuery,
  ccsGroup,
  ccsJudgement,
  ccsJudgementType,
  ccsLanguage,
  ccsObjectParams,
  ccsOrganization,
  ccsProblem,
  ccsRun,
  ccsScoreboard,
  ccsState,
  ccsSubmission,
  ccsTeam,
  type CcsAccount,
} from '@oj/contracts';
import { contestAccessFailure, isContestAdmin, isSealedFor } from '../contests/contest-access';
import { viewerOf } from '../contests/contest-viewer';
import { findContest, isRegistered, type ContestRow } from '../contests/contests.queries';
import { extensionOf, zipArchive } from '../contests/ac-submissions-archive';
import {
  ccsAwardsOf,
  ccsContestOf,
  ccsIdOfUser,
  ccsJudgementOf,
  ccsJudgementTypes,
  ccsLanguageOf,
  ccsOrganizationOf,
  ccsProblemOf,
  ccsRunOf,
  ccsScoreboardOf,
  ccsScoreScoreboardOf,
  ccsStateOf,
  ccsSubmissionOf,
  ccsTeamOf,
  isJudgementVisible,
  type CcsContestFacts,
} from './ccs-objects';
import { createCcsFeedFold } from './ccs-event-feed';
import { ccsObjectLine } from './ccs-feed-lines';
import { ccsBasicAuth, type CcsPasswordSignIn } from './ccs-basic-auth';
import {
  ccsCaseRows,
  ccsFeedPage,
  ccsFeedPageSize,
  ccsProblemRows,
  ccsSubmissionRows,
  ccsSubmissionSources,
  ccsTeamRows,
} from './ccs.queries';
import { utf8, zipEntries, type ZipEntry } from './ccs-contest-package';

export interface CcsDependencies {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  /** HTTP basic auth over the site's accounts (ccs-basic-auth.ts); without it basic auth always fails. */
  readonly signIn?: CcsPasswordSignIn;
}

const messages = {
  missing: { 'zh-CN': '对不起，该对象不存在！', 'en-US': 'Sorry, this object does not exist.' },
  forbidden: { 'zh-CN': '对不起，您无权访问！', 'en-US': 'Sorry, you may not see this.' },
} as const satisfies Record<string, LocalizedText>;

const notFound = (): never => {
  throw new ApiError(404, messages.missing, {}, { httpStatus: 404 });
};
const forbidden = (): never => {
  throw new ApiError(403, messages.forbidden, {}, { httpStatus: 403 });
};

/** How often a streaming feed looks for new events, and the spec's keep-alive interval. */
const feedPollMs = 1000;
const keepAliveMs = 120_000;
/** Submissions whose source is read per page of the contest package. */
const packagePageSize = 500;

interface CcsCaller {
  readonly contest: ContestRow;
  readonly facts: CcsContestFacts;
  readonly isAdmin: boolean;
  readonly isSealed: boolean;
  readonly userId: string | null;
  readonly now: Date;
}

/**
 * The ICPC Contest API, 2023-06 (issue 13 item 3, docs/ccs.md). Roles: admin = root or the contest's creator;
 * everyone else is the public role. A contest is served when visible; a private one (auth 1, a password to enter)
 * only to its admins and registered users, as the site's own contest pages (a protected one, auth 2, asks the
 * password only to submit).
 */
export function ccsRoutes(server: FastifyInstance, { db, clock, signIn }: CcsDependencies): void {
  const app = server.withTypeProvider<ZodRequests>();
  // Token or basic auth: the token hook runs first, then basic auth for a request the token did not sign in.
  const anyone = { config: { access: 'anon' as const }, onRequest: ccsBasicAuth(server, db, signIn) };
  const ofContest = { params: ccsContestParams };
  const ofObject = { params: ccsObjectParams };
  /** The contest a request names (`:contestId`, checked by the route's params schema) as the caller may read it. */
  async function callerOf(request: FastifyRequest, contestId: string): Promise<CcsCaller> {
    const id = /^\d{1,9}$/.test(contestId) ? Number(contestId) : null;
    const contest = id === null ? null : await findContest(db, id);
    if (!contest) return notFound();
    const viewer = viewerOf(request.principal);
    const isAdmin = isContestAdmin(contest, viewer);
    if (!isAdmin && !contest.visible) return notFound();
    const now = clock.now();
    if (!isAdmin) {
      // The site's rule for contest rows (issue 10, F2): a signed-in viewer who may enter the contest, or anyone
      // once its outside board is open; nobody else reads a contest's submissions, judgements or board here either.
      const registered = viewer !== null && (await isRegistered(db, contest.contestId, viewer.userId));
      const mayEnter = viewer !== null && contestAccessFailure(contest, viewer, registered, now) === null;
      const boardOpen = contest.settings.openRank && now.getTime() >= Date.parse(contest.settings.startAt);
      if (!mayEnter && !boardOpen) return forbidden();
    }
    const row = await db
      .selectFrom('contests')
      .select('title')
      .where('contest_id', '=', contest.contestId)
      .executeTakeFirst();
    return {
      contest,
      facts: { contestId: contest.contestId, type: contest.type, title: row?.title ?? '', settings: contest.settings },
      isAdmin,
      isSealed: isSealedFor(contest, viewer, false, now),
      userId: viewer?.userId ?? null,
      now,
    };
  }

  /** The contest's problems; `max_score` only in a score (OI) contest, where the spec requires it. */
  const problemRowsOf = async (caller: CcsCaller) =>
    (await ccsProblemRows(db, caller.contest.contestId)).map((problem) =>
      caller.facts.type === 'OI' ? problem : { ...problem, maxScore: null },
    );

  const stateOf = (caller: CcsCaller) =>
    ccsStateOf(caller.contest.settings, caller.now, !isSealedFor(caller.contest, null, false, caller.now));

  /** A submission's judgement as the caller may see it: none during the seal for the public role. */
  const judgementOf = (caller: CcsCaller, row: Awaited<ReturnType<typeof ccsSubmissionRows>>[number]) => {
    if (!isJudgementVisible(caller.contest.settings, row.submittedAt, caller)) return null;
    const isDone = row.status !== 'Pending' && row.status !== 'Judging' && row.status !== 'Compiling';
    if (row.status === 'CA') return null;
    return ccsJudgementOf(caller.facts, {
      submissionId: row.submissionId,
      attempt: row.attempt,
      verdict: row.status,
      startedAt: row.submittedAt,
      endedAt: isDone ? row.updatedAt : null,
      timeMs: row.timeMs,
    });
  };

  const filesHref = (contestId: number, submissionId: number) =>
    `contests/${contestId}/submissions/${submissionId}/files`;

  /** Collections answer a list, `/{objectId}` the one object or 404. */
  /** Every collection's list by its endpoint name: the routes answer them, the contest package writes them. */
  const lists = new Map<string, (caller: CcsCaller) => Promise<{ id: string }[]> | { id: string }[]>();
  function collection<T extends { id: string }>(
    path: string,
    schema: z.ZodType,
    list: (caller: CcsCaller) => Promise<T[]> | T[],
  ) {
    lists.set(path, list);
    const listReply = { ...anyone, ...bareReply(z.array(schema), ofContest) };
    app.get(`/ccs/contests/:contestId/${path}`, listReply, async (request) =>
      list(await callerOf(request, request.params.contestId)),
    );
    const objectReply = { ...anyone, ...bareReply(schema, ofObject) };
    app.get(`/ccs/contests/:contestId/${path}/:objectId`, objectReply, async (request) => {
      const { contestId, objectId } = request.params;
      const found = (await list(await callerOf(request, contestId))).find((object) => object.id === objectId);
      return found ?? notFound();
    });
  }

  const apiInformation = {
    version: '2023-06',
    version_url: 'https://ccs-specs.icpc.io/2023-06/contest_api',
    name: 'oj',
    provider: { name: 'oj' },
  };
  app.get('/ccs', { ...anyone, ...bareReply(ccsApiInfo) }, async () => apiInformation);

  app.get('/ccs/contests', { ...anyone, ...bareReply(z.array(ccsContest)) }, async (request) => {
    const viewer = viewerOf(request.principal);
    let query = db.selectFrom('contests').select('contest_id').orderBy('contest_id');
    if (!viewer?.isRoot) {
      query = query.where((where) =>
        where.or([where('visible', '=', true), where('created_by', '=', viewer?.userId ?? '')]),
      );
    }
    const ids = await query.limit(1000).execute();
    const contests = await Promise.all(ids.map((row) => findContest(db, row.contest_id)));
    const titles = await titlesOf(ids.map((row) => row.contest_id));
    // The list shows what the public may read: visible contests without a password, and the caller's own.
    return contests
      .filter((contest): contest is ContestRow => contest !== null)
      .filter((contest) => isContestAdmin(contest, viewer) || (contest.visible && contest.settings.auth !== 1))
      .map((contest) =>
        ccsContestOf({
          contestId: contest.contestId,
          type: contest.type,
          title: titles.get(contest.contestId) ?? '',
          settings: contest.settings,
        }),
      );
  });

  async function titlesOf(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('contests')
      .select(['contest_id', 'title'])
      .where('contest_id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.contest_id, row.title]));
  }

  app.get('/ccs/contests/:contestId', { ...anyone, ...bareReply(ccsContest, ofContest) }, async (request) =>
    ccsContestOf((await callerOf(request, request.params.contestId)).facts),
  );
  app.get('/ccs/contests/:contestId/state', { ...anyone, ...bareReply(ccsState, ofContest) }, async (request) =>
    stateOf(await callerOf(request, request.params.contestId)),
  );

  collection('judgement-types', ccsJudgementType, () => [...ccsJudgementTypes]);
  collection('languages', ccsLanguage, async (caller) => {
    const rows = await db
      .selectFrom('submissions')
      .select('language')
      .distinct()
      .where('contest_id', '=', caller.contest.contestId)
      .execute();
    const languages = new Map(rows.map((row) => [ccsLanguageOf(row.language).id, ccsLanguageOf(row.language)]));
    return [...languages.values()].sort((a, b) => a.id.localeCompare(b.id));
  });
  collection('problems', ccsProblem, async (caller) =>
    (await problemRowsOf(caller)).map((problem, index) => ccsProblemOf(problem, index)),
  );
  collection('teams', ccsTeam, async (caller) => (await ccsTeamRows(db, caller.contest.contestId)).map(ccsTeamOf));
  collection('groups', ccsGroup, () => [] as { id: string }[]);
  collection('organizations', ccsOrganization, async (caller) => {
    const schools = (await ccsTeamRows(db, caller.contest.contestId)).flatMap((team) =>
      team.school?.trim() ? [ccsOrganizationOf(team.school)] : [],
    );
    return [...new Map(schools.map((organization) => [organization.id, organization])).values()];
  });
  collection('clarifications', ccsClarification, () => [] as { id: string }[]);
  collection('awards', ccsAward, async (caller) => {
    const { board, labels } = await scoreboardOf(caller);
    return ccsAwardsOf(board, labels);
  });
  collection('accounts', ccsAccount, async (caller): Promise<CcsAccount[]> => {
    if (!caller.isAdmin) return forbidden();
    return (await ccsTeamRows(db, caller.contest.contestId)).map((team) => ({
      id: ccsIdOfUser(team.userId),
      username: team.username,
      name: team.username,
      type: 'team',
      team_id: ccsIdOfUser(team.userId),
    }));
  });
  collection('submissions', ccsSubmission, async (caller) =>
    (await ccsSubmissionRows(db, caller.contest.contestId)).map((row) =>
      ccsSubmissionOf(caller.facts, row, filesHref(caller.contest.contestId, row.submissionId)),
    ),
  );
  collection('judgements', ccsJudgement, async (caller) =>
    (await ccsSubmissionRows(db, caller.contest.contestId)).flatMap((row) => {
      const judgement = judgementOf(caller, row);
      return judgement ? [judgement] : [];
    }),
  );
  // Runs of the judgements the caller may see, ended ones only (a run's time is its judgement's end).
  collection('runs', ccsRun, async (caller) => {
    const [submissions, cases] = await Promise.all([
      ccsSubmissionRows(db, caller.contest.contestId),
      ccsCaseRows(db, caller.contest.contestId),
    ]);
    const ended = new Map(
      submissions.flatMap((row) => {
        const judgement = judgementOf(caller, row);
        return judgement?.end_time ? [[row.submissionId, row.updatedAt] as const] : [];
      }),
    );
    const ordinals = new Map<number, number>();
    return cases.flatMap((run) => {
      const at = ended.get(run.submission_id);
      if (!at) return [];
      const ordinal = (ordinals.get(run.submission_id) ?? 0) + 1;
      ordinals.set(run.submission_id, ordinal);
      const object = ccsRunOf(caller.facts, {
        submissionId: run.submission_id,
        attempt: run.attempt,
        ordinal,
        status: run.status,
        timeMs: run.time_ms,
        at,
      });
      return object ? [object] : [];
    });
  });

  // The source as a zip of one file; the contest's admins and the submitter only (the spec's files are theirs).
  app.get(
    '/ccs/contests/:contestId/submissions/:objectId/files',
    nonJsonReply(anyone, 'file', ofObject),
    async (request, reply) => {
      const { contestId, objectId } = request.params;
      const caller = await callerOf(request, contestId);
      if (!/^\d{1,9}$/.test(objectId)) return notFound();
      const [row] = await ccsSubmissionRows(db, caller.contest.contestId, { submissionId: Number(objectId) });
      if (!row) return notFound();
      if (!caller.isAdmin && row.userId !== caller.userId) return forbidden();
      const chunks: Uint8Array[] = [];
      const file = {
        path: `Main.${extensionOf(row.language)}`,
        submissionId: row.submissionId,
        submittedAt: row.submittedAt,
      };
      await zipArchive(
        { folders: [], files: [file] },
        {
          readCode: async () => {
            const [source] = await ccsSubmissionSources(db, caller.contest.contestId, row.submissionId - 1, 1);
            return new Map([[row.submissionId, source?.code ?? '']]);
          },
          zippedAt: row.submittedAt,
          onChunk: (chunk) => chunks.push(chunk),
          isCancelled: () => false,
        },
      );
      return reply.type('application/zip').send(Buffer.concat(chunks));
    },
  );

  /** The board as the caller may see it (no verdict of a frozen submission for the public while sealed). */
  async function scoreboardOf(caller: CcsCaller) {
    const [teams, problems, rows] = await Promise.all([
      ccsTeamRows(db, caller.contest.contestId),
      ccsProblemRows(db, caller.contest.contestId),
      ccsSubmissionRows(db, caller.contest.contestId),
    ]);
    const scored = rows.map((row) => {
      const isShown = Boolean(judgementOf(caller, row)?.end_time);
      return {
        userId: row.userId,
        contestProblemId: row.contestProblemId,
        submittedAt: row.submittedAt,
        verdict: isShown ? row.status : null,
        score: isShown ? row.score : null,
      };
    });
    // An OI contest is the spec's score scoreboard; ACM its pass-fail one.
    const board = (caller.facts.type === 'OI' ? ccsScoreScoreboardOf : ccsScoreboardOf)(
      caller.facts,
      stateOf(caller),
      caller.now,
      teams.map((team) => team.userId),
      problems.map((problem) => problem.contestProblemId),
      scored,
    );
    const labels = new Map(problems.map((problem) => [String(problem.contestProblemId), problem.displayId]));
    return { board, labels };
  }

  app.get(
    '/ccs/contests/:contestId/scoreboard',
    { ...anyone, ...bareReply(ccsScoreboard, ofContest) },
    async (request) => {
      return (await scoreboardOf(await callerOf(request, request.params.contestId))).board;
    },
  );

  /**
   * The contest package (the spec's Contest Package, 2023-06), for the contest's admins: api.json, contest.json,
   * state.json, a JSON file per collection, scoreboard.json, event-feed.ndjson (the admin's whole feed) and each
   * submission's files at submissions/<id>/files.zip, which submissions.json's hrefs name. A folder the ICPC
   * Resolver loads (it reads the event feed; the JSON files are there for the CDS and other tools).
   */
  const contestPackage = nonJsonReply(anyone, 'file', ofContest);
  app.get('/ccs/contests/:contestId/contest-package', contestPackage, async (request, reply) => {
    const caller = await callerOf(request, request.params.contestId);
    if (!caller.isAdmin) return forbidden();
    const contestId = caller.contest.contestId;
    const json = (value: unknown) => utf8([JSON.stringify(value)]);
    async function* entries(): AsyncGenerator<ZipEntry> {
      yield { path: 'api.json', data: json(apiInformation) };
      yield { path: 'contest.json', data: json(ccsContestOf(caller.facts)) };
      yield { path: 'state.json', data: json(stateOf(caller)) };
      for (const [path, list] of lists) {
        if (path === 'submissions') continue;
        yield { path: `${path}.json`, data: json(await list(caller)) };
      }
      const submissions = (await lists.get('submissions')?.(caller)) ?? [];
      yield {
        path: 'submissions.json',
        data: json(
          submissions.map((submission) => ({
            ...submission,
            files: [{ href: `submissions/${submission.id}/files.zip`, filename: 'files.zip', mime: 'application/zip' }],
          })),
        ),
      };
      yield { path: 'scoreboard.json', data: json((await scoreboardOf(caller)).board) };
      yield { path: 'event-feed.ndjson', data: utf8(feedText(request, caller, undefined, false)) };
      for (let after = 0; ;) {
        const sources = await ccsSubmissionSources(db, contestId, after, packagePageSize);
        if (sources.length === 0) break;
        for (const source of sources) {
          const name = `Main.${extensionOf(source.language)}`;
          const inner = zipSync({ [name]: [strToU8(source.code), { mtime: source.submittedAt }] });
          yield { path: `submissions/${source.submissionId}/files.zip`, isCompressed: true, data: [inner] };
        }
        after = sources.at(-1)?.submissionId ?? after;
      }
    }
    reply
      .type('application/zip')
      .header('Content-Disposition', `attachment; filename="contest-${contestId}-package.zip"`);
    return reply.send(Readable.from(zipEntries(entries(), new Date(caller.contest.settings.startAt))));
  });

  const eventFeed = nonJsonReply(anyone, 'stream', { ...ofContest, query: ccsEventFeedQuery });
  app.get('/ccs/contests/:contestId/event-feed', eventFeed, async (request, reply) => {
    const caller = await callerOf(request, request.params.contestId);
    const { query } = request;
    reply.type('application/x-ndjson; charset=utf-8');
    return reply.send(Readable.from(feedText(request, caller, query.since_token, query.stream === 'true')));
  });

  /**
   * The feed as text, page by page (Readable.from pulls the next page only when the client has taken the last:
   * memory stays at a page however long the contest). The lines after `since` only, though the fold starts at the
   * contest's first event (a line's object depends on what came before). Then the state line. With `follow`
   * (stream=true): the same fold polls for new entries each second, writes the state line again whenever it
   * changes, a newline after 120 s of silence (the spec's keep-alive), until end_of_updates or the client goes.
   */
  async function* feedText(
    request: FastifyRequest,
    caller: CcsCaller,
    since: string | undefined,
    follow: boolean,
  ): AsyncGenerator<string> {
    const contestId = caller.contest.contestId;
    const problems = await problemRowsOf(caller);
    const problemsByProblemId = new Map<number, ReturnType<typeof ccsProblemOf>[]>();
    problems.forEach((problem, index) => {
      const list = problemsByProblemId.get(problem.problemId) ?? [];
      list.push(ccsProblemOf(problem, index));
      problemsByProblemId.set(problem.problemId, list);
    });
    const teams = await ccsTeamRows(db, contestId);
    const fold = createCcsFeedFold({
      contest: caller.facts,
      schoolsByUserId: new Map(teams.map((team) => [team.userId, team.school])),
      problemsByProblemId,
      filesHref: (submissionId) => filesHref(contestId, submissionId),
      isAdmin: caller.isAdmin,
      isSealed: caller.isSealed,
      ...(since === undefined ? {} : { sinceToken: since }),
    });
    let cursor = '0';
    let sentState: string | null = null;
    let lastWrite = Date.now();
    for (;;) {
      // The next page is read while this one is folded and written (the database and the fold overlap).
      let next = ccsFeedPage(db, contestId, cursor, ccsFeedPageSize);
      for (;;) {
        const entries = await next;
        if (entries.length === 0) break;
        cursor = entries.at(-1)?.position ?? cursor;
        next = ccsFeedPage(db, contestId, cursor, ccsFeedPageSize);
        const chunks = fold.next(entries);
        if (chunks.length > 0) lastWrite = Date.now();
        yield* chunks;
        if (request.raw.destroyed) {
          await next.catch(() => undefined);
          return;
        }
      }
      const state = stateOf({ ...caller, now: clock.now() });
      // The state line carries the last event's token: the client has it when it resumed after that token (so
      // resuming never repeats a line); a stream writes it again whenever the state changes.
      const json = JSON.stringify(state);
      const isNew = cursor !== '0' && (since === undefined || BigInt(cursor) > BigInt(since));
      if (sentState === null && !isNew) sentState = json;
      if (json !== sentState) {
        sentState = json;
        lastWrite = Date.now();
        yield ccsObjectLine('state', null, state, cursor);
      }
      if (!follow || state.end_of_updates !== null || request.raw.destroyed) return;
      await new Promise((resolve) => setTimeout(resolve, feedPollMs));
      if (request.raw.destroyed) return;
      if (Date.now() - lastWrite >= keepAliveMs) {
        lastWrite = Date.now();
        yield '\n';
      }
    }
  }
}
