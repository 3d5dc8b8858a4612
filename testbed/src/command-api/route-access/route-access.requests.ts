import type { RouteAccessFixture } from './testing/route-access.fixture';
import { aPlusBBody } from '../problem-api';

/** What the matrix sends to one route: a query string and, for methods with a body, a JSON body. */
export interface MatrixRequest {
  readonly query: Readonly<Record<string, string | number | boolean>>;
  readonly body?: object;
}

/**
 * The parameters most routes read, all naming the fixture's resources, so a role's answer turns on its rights
 * and not on a missing id. Routes whose body must pass validation before the ownership check get their own
 * request below.
 */
function commonParameters(fixture: RouteAccessFixture) {
  return {
    cid: fixture.contestId,
    pid: fixture.problemId,
    problemId: fixture.problemDisplayId,
    displayId: 'A',
    aid: fixture.announcementId,
    submitId: fixture.practiceSubmissionId,
    uid: fixture.userIds.user,
    username: 'mx-user',
    currentPage: 1,
    limit: 10,
    keyword: '',
    isUpload: false,
    visible: true,
  };
}

const code = { language: 'C++', code: 'int main() {\n  int a = 0, b = 0;\n  return a + b; /* matrix fixture */\n}\n' };

/** Requests for the routes the common parameters do not fit; keyed like the access table. */
const specificRequests: Readonly<Record<string, (fixture: RouteAccessFixture) => MatrixRequest>> = {
  'PUT /api/admin/problem': (fixture) => ({
    query: {},
    body: aPlusBBody({ problem: { id: fixture.problemId, problemId: fixture.problemDisplayId } }),
  }),
  'PUT /api/admin/contest/problem': (fixture) => ({
    query: {},
    body: { ...aPlusBBody({ problem: { id: fixture.problemId, problemId: fixture.problemDisplayId } }) },
  }),
  'POST /api/admin/contest/problem': (fixture) => ({
    query: {},
    body: { ...aPlusBBody({ problem: { problemId: 'MXC', auth: 3 } }), cid: fixture.contestId },
  }),
  // The spare problem: hiding the fixture's problem would change every later answer about it.
  'PUT /api/admin/problem/change-problem-auth': (fixture) => ({
    query: {},
    body: { id: fixture.spareProblemId, auth: 2 },
  }),
  'DELETE /api/admin/problem': (fixture) => ({ query: { pid: fixture.spareProblemId } }),
  'DELETE /api/admin/contest': (fixture) => ({ query: { cid: fixture.spareContestId } }),
  'PUT /api/admin/contest': (fixture) => ({
    query: {},
    body: {
      id: fixture.contestId,
      title: 'mx private',
      type: 0,
      auth: 1,
      pwd: fixture.contestPassword,
      description: 'matrix',
      ...fixture.contestTimes,
    },
  }),
  'POST /api/admin/contest/add-problem-from-public': (fixture) => ({
    query: {},
    body: { pid: fixture.spareProblemId, cid: fixture.contestId, displayId: 'B' },
  }),
  'PUT /api/admin/contest/contest-problem': (fixture) => ({
    query: {},
    body: { cid: fixture.contestId, pid: fixture.spareProblemId, displayId: 'C', displayTitle: 'C' },
  }),
  'POST /api/admin/contest/announcement': (fixture) => ({
    query: {},
    body: { cid: fixture.contestId, announcement: { title: 'More', content: 'text', status: 0 } },
  }),
  'PUT /api/admin/contest/announcement': (fixture) => ({
    query: {},
    body: {
      cid: fixture.contestId,
      announcement: { id: fixture.announcementId, title: 'Rules', content: 'Be kind', status: 0 },
    },
  }),
  'PUT /api/check-contest-ac-info': (fixture) => ({
    query: {},
    body: { id: fixture.contestSubmissionId, cid: fixture.contestId, checked: true },
  }),
  'POST /api/submit-print-text': (fixture) => ({ query: {}, body: { cid: fixture.contestId, content: 'print me' } }),
  'PUT /api/check-contest-print-status': (fixture) => ({ query: { id: fixture.printId, cid: fixture.contestId } }),
  'GET /api/file/download-contest-print-text': (fixture) => ({ query: { id: fixture.printId } }),
  'GET /api/file/download-contest-rank': (fixture) => ({ query: { cid: fixture.contestId, forceRefresh: false } }),
  'GET /api/contest-submissions': (fixture) => ({ query: { contestID: fixture.contestId } }),
  'GET /api/get-contest-outsize-info': (fixture) => ({ query: { cid: fixture.spareContestId } }),
  'POST /api/register-contest': (fixture) => ({
    query: {},
    body: { cid: fixture.spareContestId, password: 'none' },
  }),
  'POST /api/submit-problem-judge': (fixture) => ({ query: {}, body: { pid: fixture.problemDisplayId, ...code } }),
  'POST /api/submit-problem-test-judge': (fixture) => ({
    query: {},
    body: { pid: fixture.problemId, type: 'public', userInput: '1 2', ...code },
  }),
  'PUT /api/submission': (fixture) => ({ query: {}, body: { submitId: fixture.practiceSubmissionId, share: false } }),
  'POST /api/check-submissions-status': (fixture) => ({
    query: {},
    body: { submitIds: [fixture.practiceSubmissionId] },
  }),
  'POST /api/check-contest-submissions-status': (fixture) => ({
    query: {},
    body: { cid: fixture.contestId, submitIds: [fixture.contestSubmissionId] },
  }),
  'POST /api/get-contest-rank': (fixture) => ({
    query: {},
    body: { cid: fixture.contestId, currentPage: 1, limit: 30, forceRefresh: false, concernedList: [] },
  }),
  'POST /api/get-contest-outside-scoreboard': (fixture) => ({
    query: {},
    body: { cid: fixture.spareContestId, forceRefresh: false, concernedList: [] },
  }),
  'POST /api/get-contest-not-read-announcement': (fixture) => ({
    query: {},
    body: { cid: fixture.contestId, readAnnouncementList: [] },
  }),
  'POST /api/get-user-problem-status': (fixture) => ({
    query: {},
    body: { pidList: [fixture.problemId], isContestProblemList: false },
  }),
  'GET /api/admin/audit': (fixture) => ({ query: { scope: 'contest', id: fixture.contestId } }),
  'GET /api/admin/audit/export': (fixture) => ({ query: { scope: 'contest', id: fixture.contestId, max: 10 } }),
  'POST /api/admin/rejudgings': (fixture) => ({ query: {}, body: { cid: fixture.contestId, reason: 'matrix' } }),
  'POST /api/admin/rejudgings/apply': () => ({ query: {}, body: { id: '00000000-0000-4000-8000-000000000000' } }),
  'POST /api/admin/rejudgings/discard': () => ({ query: {}, body: { id: '00000000-0000-4000-8000-000000000000' } }),
  'GET /api/admin/rejudgings': (fixture) => ({ query: { cid: fixture.contestId } }),
  'GET /api/admin/rejudgings/detail': () => ({ query: { id: '00000000-0000-4000-8000-000000000000' } }),
  'GET /api/public/img/:name': () => ({ query: {} }),
  'GET /api/public/file/:name': () => ({ query: {} }),
};

export function matrixRequest(route: string, fixture: RouteAccessFixture): MatrixRequest {
  const specific = specificRequests[route];
  if (specific) return specific(fixture);
  const parameters = commonParameters(fixture);
  return route.startsWith('GET ') ? { query: parameters } : { query: parameters, body: parameters };
}

/**
 * Concrete URL for a registered one (path parameters filled in): the CCS routes name the fixture's private contest
 * and an object id that does not exist, so a role's answer is 403 or, past the access check, 404.
 */
export const concreteUrl = (url: string, fixture?: RouteAccessFixture) =>
  url
    .replace(':name', 'missing.png')
    .replace(':contestId', String(fixture?.contestId ?? 0))
    .replace(':objectId', 'missing');

/**
 * The walk's order: reads and ordinary writes first, then deletions, then the calls that end sessions. Within
 * a route the roles go from least to most privileged, so what an allowed role deletes was there for the
 * refused ones.
 */
export function walkRank(route: string): number {
  if (route.endsWith('/logout')) return 2;
  return route.startsWith('DELETE ') ? 1 : 0;
}
