import { z } from 'zod';
import { codeTemplateRow, createProblemReply, languageRow, noData, problemCaseRow } from '@oj/contracts';
import { apiGet, apiPost, apiPut, apiRequest } from '@/lib/api-client';
import { tolerantOf, tolerantPageOf } from '@/lib/tolerant-reply';
import { problemSchema } from '@/lib/problem-schemas';

/** The problem entity as the admin calls answer it: the same contract row (spjCode, judgeExtraFile … included). */
const adminProblemSchema = problemSchema;
export type AdminProblem = z.infer<typeof adminProblemSchema>;

const pageSchema = tolerantPageOf(adminProblemSchema);

/** GET /api/admin/problem/get-problem-list (admin §5.7). */
export const getAdminProblemList = (query: { keyword?: string; auth?: number; currentPage: number; limit: number }) =>
  apiGet('/admin/problem/get-problem-list', pageSchema, { query });

/** GET /api/admin/problem?pid (admin §5.7). */
export const getAdminProblem = (pid: string) => apiGet('/admin/problem', adminProblemSchema, { query: { pid } });

const caseSchema = tolerantOf(problemCaseRow, ['input', 'output']);

/** GET /api/admin/problem/get-problem-cases (admin §5.7). */
export const getProblemCases = (pid: string, isUpload: boolean) =>
  apiGet('/admin/problem/get-problem-cases', z.array(caseSchema), { query: { pid, isUpload } });

/** GET /api/get-problem-code-template (api-core §3): every template, disabled ones too. */
export const getProblemCodeTemplates = (pid: string) =>
  apiGet('/get-problem-code-template', z.array(tolerantOf(codeTemplateRow, ['lid', 'code', 'status'])), {
    query: { pid },
  });

/** GET /api/get-problem-languages (api-core §3). */
export const getProblemLanguages = (pid: string) =>
  apiGet('/get-problem-languages', z.array(tolerantOf(languageRow, ['id', 'name'])), { query: { pid } });

const createReplySchema = tolerantOf(createProblemReply).nullish();

/** POST /api/admin/problem: create (admin §5.7). */
export const createProblem = (body: unknown) => apiPost('/admin/problem', body, createReplySchema);

/** PUT /api/admin/problem: save an edit (admin §5.7). */
export const updateProblem = (body: unknown) => apiPut('/admin/problem', body, noData);

/** POST /api/admin/contest/problem: create inside contest `cid` (auth 3, the contest's type; admin §5.12). */
export const createContestProblem = (cid: string, body: object) =>
  apiPost('/admin/contest/problem', { ...body, cid: Number(cid) }, createReplySchema);

/** PUT /api/admin/contest/problem: save an edit from contest `cid` (the type follows the contest). */
export const updateContestProblem = (cid: string, body: object) =>
  apiPut('/admin/contest/problem', { ...body, cid: Number(cid) }, noData);

/** DELETE /api/admin/problem?pid (admin §5.7). */
export const deleteProblem = async (pid: string) =>
  (await apiRequest('DELETE', '/admin/problem', noData, { query: { pid } })).data;

/** PUT /api/admin/problem/change-problem-auth (admin §5.7). */
export const changeProblemAuth = (id: string, auth: number) =>
  apiPut('/admin/problem/change-problem-auth', { id: Number(id), auth }, noData);

/** POST /api/admin/problem/compile-spj or compile-interactive (admin §5.7). */
export const compileJudgeProgram = (mode: 'spj' | 'interactive', code: string, language: string) =>
  apiPost(`/admin/problem/compile-${mode}`, { code, language }, noData);
