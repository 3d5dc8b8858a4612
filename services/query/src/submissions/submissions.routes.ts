import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { hojStatusCodes } from '@oj/events';
import type { Database } from '@oj/read-models';
import {
  adminRoles,
  ApiError,
  principalOf,
  hojReply,
  success,
  type Clock,
  type LocalizedText,
  type Principal,
  type ZodRequests,
} from '@oj/platform';
import {
  allCaseResultSchema,
  checkSubmissionsStatusBody,
  judgeRowSchema,
  lastAcCodeQuery,
  lastAcCodeReply,
  pageOf,
  sealedSubmissionDetailSchema,
  submissionDetailSchema,
  submissionListQuery,
  submissionListRowSchema,
  submitIdQuery,
  userProblemStatusBody,
  userProblemStatusReply,
} from '@oj/contracts';
import { z } from 'zod';
import { detailRowOf, listRowOf, polledRowOf, withAcceptedTrailer } from './submission-views';
import {
  findCases,
  findSubmission,
  findSubmissions,
  isSubmissionCodeHidden,
  lastAccepted,
  listSubmissions,
  ownStatuses,
  problemFlags,
  submissionListProjections,
  type SubmissionRecord,
} from './submissions.queries';
import { createCheckpointedTotals } from '../paging/checkpointed-totals';
import { page } from '../paging/page';
import { caseResultsOf } from './case-results';
import { contestProblemStatuses } from '../contests/contest-problem-statuses';
import { sealedStatus } from './contest-submission-view';
import { readSubmissionVisibility } from './submission-visibility';

const messages = {
  onlyMineNeedsLogin: { 'zh-CN': '当前用户数据为空，请您重新登陆！', 'en-US': 'No user data: please log in again!' },
  submissionMissing: { 'zh-CN': '此提交数据不存在！', 'en-US': 'This submission does not exist!' },
  pidListEmpty: { 'zh-CN': '查询的题目id列表不能为空', 'en-US': 'The list of problem ids cannot be empty' },
  contestFlagMissing: {
    'zh-CN': '是否为比赛题目提交判断不能为空',
    'en-US': 'Whether these are contest problems must be given',
  },
  contestMissing: { 'zh-CN': '错误：该比赛不存在！', 'en-US': 'Error: this contest does not exist!' },
  contestDetailNeedsLogin: { 'zh-CN': '请先登录！', 'en-US': 'Please log in first!' },
  contestCasesNeedLogin: {
    'zh-CN': '您还未登录！不可查看比赛提交的测试点详情！',
    'en-US': "You are not logged in: a contest submission's test case details cannot be viewed!",
  },
  submissionNotYours: {
    'zh-CN': '对不起，您无权查看该提交！',
    'en-US': 'Sorry, you may not view this submission!',
  },
} as const satisfies Record<string, LocalizedText>;

const maxPageSize = 500;
const defaultListLimit = 30;
const notSubmitted = -10;

const isBackOffice = (principal: Principal | null) => principal !== null && adminRoles.includes(principal.role);

export function submissionsRoutes(server: FastifyInstance, db: Kysely<Database>, clock: Clock): void {
  const app = server.withTypeProvider<ZodRequests>();
  const listTotals = createCheckpointedTotals(db, submissionListProjections);
  /** The one freeze-aware reading of a submission (F2): its fate and view for this viewer, or a 403. */
  const visibleRecord = async (record: SubmissionRecord, principal: Principal | null) => {
    const visibility = await readSubmissionVisibility(db, [record], principal, clock.now());
    const fate = visibility.fateOf(record);
    if (fate === 'hidden') throw new ApiError(403, messages.submissionNotYours);
    return { fate, visibility, contest: visibility.contestViewOf(record) };
  };

  const anon = { config: { access: 'anon' as const } };
  const login = { config: { access: 'login' as const } };

  const listReply = hojReply(pageOf(submissionListRowSchema), { query: submissionListQuery });
  app.get('/get-submission-list', { ...anon, ...listReply }, async (request) => {
    const { query } = request;
    if (query.onlyMine && !request.principal) throw new ApiError(401, messages.onlyMineNeedsLogin);
    const limit = Math.min(query.limit !== undefined && query.limit >= 1 ? query.limit : defaultListLimit, maxPageSize);
    const current = query.currentPage !== undefined && query.currentPage >= 1 ? query.currentPage : 1;
    const { rows, total } = await listSubmissions(
      db,
      {
        userId: query.onlyMine ? request.principal?.userId : query.uid || undefined,
        username: query.username || undefined,
        status: query.status,
        groupId: query.gid,
        problemDisplayId: query.problemID || undefined,
        isExactProblem: query.completeProblemID ?? false,
        // F20: hidden and contest-only problems' rows are their submitter's and the back office's only.
        hiddenProblemsFor: isBackOffice(request.principal) ? 'everyone' : (request.principal?.userId ?? null),
        limit,
        page: current,
      },
      listTotals,
    );
    return success(page(rows.map(listRowOf), total, limit, current));
  });

  app.get(
    '/get-submission-detail',
    { ...anon, ...hojReply(z.union([submissionDetailSchema, sealedSubmissionDetailSchema]), { query: submitIdQuery }) },
    async (request) => {
      const { submitId } = request.query;
      const record = await findSubmission(db, submitId);
      if (!record) throw new ApiError(404, messages.submissionMissing);
      if (record.contest_id !== null && !request.principal) throw new ApiError(401, messages.contestDetailNeedsLogin);
      const { fate, visibility, contest } = await visibleRecord(record, request.principal);
      if (fate === 'sealed' || contest?.isResultSealed) {
        return success({ submission: { status: sealedStatus }, codeShare: null });
      }
      const [flags, isCodeHidden] = await Promise.all([
        problemFlags(db, record.problem_id),
        isSubmissionCodeHidden(db),
      ]);
      // Hidden and contest-only problems' code is never shared, nor any problem's that turned sharing off (F4).
      const isShareHonoured = flags.codeShare && flags.isPublic;
      const submission = detailRowOf(record, request.principal, isCodeHidden, contest, {
        displayPid: visibility.displayPidOf(record),
        isShareHonoured,
      });
      return success({ submission, codeShare: flags.codeShare });
    },
  );

  app.get(
    '/get-all-case-result',
    { ...anon, ...hojReply(allCaseResultSchema, { query: submitIdQuery }) },
    async (request) => {
      const { submitId } = request.query;
      const record = await findSubmission(db, submitId);
      if (!record) throw new ApiError(404, messages.submissionMissing);
      const flags = await problemFlags(db, record.problem_id);
      if (!flags.openCaseResult) return success(null);
      if (record.contest_id !== null && !request.principal) throw new ApiError(403, messages.contestCasesNeedLogin);
      const { fate, contest } = await visibleRecord(record, request.principal);
      if (fate === 'sealed' || contest?.hidesCaseResults) return success(null);
      // In a contest only root reads every column (api-core §4); elsewhere the admin roles do.
      const role = request.principal?.role;
      const isFull = role !== undefined && (contest ? role === 'root' : adminRoles.includes(role));
      return success(caseResultsOf(record, await findCases(db, submitId), isFull));
    },
  );

  app.post(
    '/check-submissions-status',
    { ...anon, ...hojReply(z.record(z.string(), judgeRowSchema), { body: checkSubmissionsStatusBody }) },
    async (request) => {
      const { body } = request;
      const records = await findSubmissions(db, body.submitIds.slice(0, maxPageSize));
      const visibility = await readSubmissionVisibility(db, records, request.principal, clock.now());
      const polled = records.map((record) => polledRowOf(record, visibility, request.principal?.userId ?? null));
      return success(Object.fromEntries(polled.filter((row) => row !== null).map((row) => [row.submitId, row])));
    },
  );

  const statusReply = hojReply(userProblemStatusReply, { body: userProblemStatusBody });
  app.post('/get-user-problem-status', { ...login, ...statusReply }, async (request) => {
    const principal = principalOf(request);
    const { body } = request;
    if (!body.pidList || body.pidList.length === 0)
      throw new ApiError(400, messages.pidListEmpty, {}, { httpStatus: 400 });
    if (body.isContestProblemList == null) {
      throw new ApiError(400, messages.contestFlagMissing, {}, { httpStatus: 400 });
    }
    if (body.isContestProblemList) {
      const request = {
        contestId: body.cid ?? 0,
        userId: principal.userId,
        pids: body.pidList,
        containsEnd: !!body.containsEnd,
      };
      const contestStatuses = await contestProblemStatuses(db, request, clock.now());
      if (!contestStatuses) throw new ApiError(404, messages.contestMissing);
      return success(contestStatuses);
    }
    const rows = await ownStatuses(db, principal.userId, body.pidList, body.gid ?? null);
    const statuses: Record<string, { status: number }> = {};
    for (const pid of body.pidList) {
      const own = rows.filter((row) => row.problem_id === pid);
      const newest = own[0];
      const status = own.some((row) => row.status === 'AC')
        ? hojStatusCodes.AC
        : newest
          ? (hojStatusCodes[newest.status as keyof typeof hojStatusCodes] ?? hojStatusCodes.SE)
          : notSubmitted;
      statuses[String(pid)] = { status };
    }
    return success(statuses);
  });

  app.get(
    '/get-last-ac-code',
    { ...login, ...hojReply(lastAcCodeReply, { query: lastAcCodeQuery }) },
    async (request) => {
      const principal = principalOf(request);
      const { query } = request;
      // Contest rows do not exist yet; a cid asks for them, so nothing is found.
      const record = query.cid ? undefined : await lastAccepted(db, principal.userId, query.pid);
      if (!record) return success({ submitId: null, code: '', language: null });
      const isPrivileged = principal.role === 'root' || principal.role === 'problem_admin';
      const hidden = !isPrivileged && (await isSubmissionCodeHidden(db));
      const code = hidden ? (detailRowOf(record, null, true).code ?? '') : withAcceptedTrailer(record);
      return success({ submitId: record.submission_id, code, language: record.language });
    },
  );
}
