import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  adminRoles,
  ApiError,
  hojReply,
  languagesOfferedBy,
  success,
  systemClock,
  type ZodRequests,
  type Clock,
  type JudgeDirectory,
  type Principal,
} from '@oj/platform';
import type { Database } from '@oj/read-models';
import { problemById, problemByDisplayId, problemDetail } from './problem-detail.queries';
import { problemList, problemListProjections, randomPublicProblem } from './problem-list.queries';
import { createCheckpointedTotals } from '../paging/checkpointed-totals';
import { codeTemplatesOf, definitionOf, languagesOf, toLanguageRow } from './problem-rows';
import {
  codeTemplateRow,
  languageRow,
  languagesQuery,
  pageOf,
  problemDetailQuery,
  problemDetailReply,
  problemIdQuery,
  problemListQuery,
  problemListRow,
  randomProblemReply,
} from '@oj/contracts';
import { z } from 'zod';
import { problemReadMessages } from './problems.messages';
import type { ProblemRecord } from './problem-rows';
import { isInAccessibleContest } from '../contests/accessible-contest';
import { viewerOf } from '../contests/contest-viewer';

const anon = { config: { access: 'anon' as const } };
const publicAuth = 1;
const contestOnlyAuth = 3;

/** The public problem bank of api-core §3. */
export function problemsRoutes(
  server: FastifyInstance,
  db: Kysely<Database>,
  clock: Clock = systemClock,
  judges?: JudgeDirectory,
): void {
  const app = server.withTypeProvider<ZodRequests>();
  const listTotals = createCheckpointedTotals(db, problemListProjections);
  /** The languages live judges have verified (all of them while no judge is live: docs/judging.md). */
  const offeredNow = async () => languagesOfferedBy((await judges?.liveReports()) ?? []);
  /**
   * A problem's templates and languages (F20): public problems to anyone, any problem to the back office, and a
   * contest-only one (auth 3) to whoever may enter a contest that links it. HOJ checks nothing [quirk 17].
   */
  const readableProblem = async (pid: number, principal: Principal | null): Promise<ProblemRecord | null> => {
    const row = await problemById(db, pid);
    if (!row || row.auth === publicAuth) return row;
    if (principal && adminRoles.includes(principal.role)) return row;
    const viewer = viewerOf(principal);
    if (
      row.auth === contestOnlyAuth &&
      viewer &&
      (await isInAccessibleContest(db, row.problem_id, viewer, clock.now()))
    ) {
      return row;
    }
    throw new ApiError(403, problemReadMessages.problemNotPublic);
  };

  app.get(
    '/get-problem-list',
    { ...anon, ...hojReply(pageOf(problemListRow), { query: problemListQuery }) },
    async (request) => success(await problemList(db, request.query, listTotals)),
  );

  app.get('/get-random-problem', { ...anon, ...hojReply(randomProblemReply) }, async () => {
    const problemId = await randomPublicProblem(db);
    if (problemId === null) throw new ApiError(400, problemReadMessages.noPublicProblem);
    return success({ problemId });
  });

  app.get(
    '/get-problem-detail',
    { ...anon, ...hojReply(problemDetailReply, { query: problemDetailQuery }) },
    async (request) => {
      const { problemId } = request.query;
      const row = await problemByDisplayId(db, problemId);
      if (!row) throw new ApiError(404, problemReadMessages.problemMissing);
      if (row.auth !== 1) throw new ApiError(403, problemReadMessages.problemNotPublic);
      return success(await problemDetail(db, row));
    },
  );

  // All templates, disabled ones too (HOJ's behaviour, api-core §9 quirk 17): the admin editor reads them here.
  app.get(
    '/get-problem-code-template',
    { ...anon, ...hojReply(z.array(codeTemplateRow), { query: problemIdQuery }) },
    async (request) => {
      const { pid } = request.query;
      const row = await readableProblem(pid, request.principal);
      return success(row ? codeTemplatesOf(row) : []);
    },
  );

  // One bank here ("ME"), so `all` and `pid` choose nothing (api-core §3 languages).
  app.get('/languages', { ...anon, ...hojReply(z.array(languageRow), { query: languagesQuery }) }, async () =>
    success((await offeredNow()).map(toLanguageRow)),
  );

  app.get(
    '/get-problem-languages',
    { ...anon, ...hojReply(z.array(languageRow), { query: problemIdQuery }) },
    async (request) => {
      const { pid } = request.query;
      const row = await readableProblem(pid, request.principal);
      if (!row) return success([]);
      const offered = new Set((await offeredNow()).map((language) => language.name));
      return success(
        languagesOf(definitionOf(row))
          .filter((language) => offered.has(language.name))
          .map(toLanguageRow),
      );
    },
  );
}
