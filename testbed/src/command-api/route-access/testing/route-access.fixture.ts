import type { Kysely } from 'kysely';
import { systemClock } from '@oj/platform';
import type { Database } from '@oj/read-models';
import type { ApiHarness } from '../../api-harness';
import { logInAsRoot } from '../../root-session';
import { aPlusBBody, loginAs } from '../../problem-api';
import type { Role } from '../route-access.table';

/**
 * What the route × role matrix calls with: one signed-in token per role (null for anonymous), and resources with
 * every relation the roles need. `owner` (role admin) created both problems and both contests; `participant` is
 * registered in the private contest and submitted there; `user` made a practice submission; `stranger`, `admin`
 * and `problemAdmin` have no relation to anything.
 */
export interface RouteAccessFixture {
  readonly tokens: Readonly<Record<Role, string | null>>;
  /** Fresh sessions for every role, for the calls that end sessions (logout). */
  signInAgain(): Promise<Readonly<Record<Role, string | null>>>;
  readonly userIds: Readonly<Record<Exclude<Role, 'anonymous'>, string>>;
  /** The owner's public problem (linked in the private contest as A), and a second one for destructive calls. */
  readonly problemId: number;
  readonly problemDisplayId: string;
  readonly spareProblemId: number;
  /**
   * The owner's running private contest (password `pw`, printing on), and a public one with an outside board,
   * which the root-only contest deletion takes last.
   */
  readonly contestId: number;
  readonly spareContestId: number;
  readonly contestPassword: string;
  readonly contestTimes: { readonly startTime: string; readonly endTime: string };
  readonly announcementId: number;
  /** A print request in the private contest (by a contestant who plays no role in the matrix). */
  readonly printId: number;
  readonly practiceSubmissionId: number;
  readonly contestSubmissionId: number;
}

const hour = 3_600_000;

const usernames = {
  user: 'mx-user',
  stranger: 'mx-stranger',
  participant: 'mx-participant',
  admin: 'mx-admin',
  problemAdmin: 'mx-problem-admin',
  owner: 'mx-owner',
  root: 'root',
} as const satisfies Record<Exclude<Role, 'anonymous'>, string>;

type Tokens = Readonly<Record<Role, string | null>>;
type Seeder = (method: 'POST' | 'PUT', url: string, token: string, payload: object) => Promise<unknown>;

export async function seedRouteAccessFixture(harness: ApiHarness): Promise<RouteAccessFixture> {
  const root = await logInAsRoot(harness);
  const tokens = {
    anonymous: null,
    user: await loginAs(harness, usernames.user, 'default_user'),
    stranger: await loginAs(harness, usernames.stranger, 'default_user'),
    participant: await loginAs(harness, usernames.participant, 'default_user'),
    admin: await loginAs(harness, usernames.admin, 'admin'),
    problemAdmin: await loginAs(harness, usernames.problemAdmin, 'problem_admin'),
    owner: await loginAs(harness, usernames.owner, 'admin'),
    root,
  } satisfies Record<Role, string | null>;
  const call: Seeder = async (method, url, token, payload) => {
    const reply = await harness.app.inject({ method, url, headers: { authorization: token }, payload });
    const body = reply.json<{ status: number; data: unknown }>();
    if (body.status !== 200) throw new Error(`seeding ${url} answered ${reply.body}`);
    return body.data;
  };
  const createProblem = async (problemId: string) => {
    const data = await call('POST', '/api/admin/problem', tokens.owner, aPlusBBody({ problem: { problemId } }));
    return (data as { pid: number }).pid;
  };
  const problemId = await createProblem('MX1');
  const spareProblemId = await createProblem('MX2');
  const contests = await seedContests(harness, call, tokens, problemId);
  const submissions = await seedPrintAndSubmissions(harness, call, tokens, contests.contestId);
  return {
    tokens,
    signInAgain: () => signInAgain(harness, tokens),
    userIds: await userIdsOf(harness.db),
    problemId,
    problemDisplayId: 'MX1',
    spareProblemId,
    contestPassword: 'pw',
    ...contests,
    ...submissions,
  };
}

/** The owner's running private contest (problem A, a contestant, an announcement) and a public one. */
async function seedContests(harness: ApiHarness, call: Seeder, tokens: Tokens & { owner: string }, problemId: number) {
  const now = systemClock.now().getTime();
  const contestTimes = {
    startTime: new Date(now - hour).toISOString(),
    endTime: new Date(now + 5 * hour).toISOString(),
  };
  const contestBody = (title: string, auth: number) => ({
    title,
    type: 0,
    auth,
    pwd: auth === 0 ? null : 'pw',
    openPrint: auth !== 0,
    openRank: auth === 0,
    description: 'matrix',
    ...contestTimes,
  });
  await call('POST', '/api/admin/contest', tokens.owner, contestBody('mx private', 1));
  await call('POST', '/api/admin/contest', tokens.owner, contestBody('mx public', 0));
  const contestId = await contestIdOf(harness.db, 'mx private');
  const spareContestId = await contestIdOf(harness.db, 'mx public');
  const link = { pid: problemId, cid: contestId, displayId: 'A' };
  await call('POST', '/api/admin/contest/add-problem-from-public', tokens.owner, link);
  await call('POST', '/api/register-contest', tokens.participant ?? '', { cid: contestId, password: 'pw' });
  const announcement = { cid: contestId, announcement: { title: 'Rules', content: 'Be kind', status: 0 } };
  await call('POST', '/api/admin/contest/announcement', tokens.owner, announcement);
  const announcementRow = await harness.db
    .selectFrom('contest_announcements')
    .select('announcement_id')
    .where('contest_id', '=', contestId)
    .executeTakeFirstOrThrow();
  return { contestId, spareContestId, contestTimes, announcementId: announcementRow.announcement_id };
}

/** A print request in the private contest, a practice submission and a contest submission. */
async function seedPrintAndSubmissions(harness: ApiHarness, call: Seeder, tokens: Tokens, contestId: number) {
  // The matrix submits again for every role right after the fixture's own submissions.
  await call('PUT', '/api/admin/switch/update', tokens.root ?? '', { defaultSubmitInterval: 0 });
  // Printing is locked for 30 s per user after a print, so the fixture's print comes from a contestant outside the matrix.
  const printer = await loginAs(harness, 'mx-printer', 'default_user');
  await call('POST', '/api/register-contest', printer, { cid: contestId, password: 'pw' });
  await call('POST', '/api/submit-print-text', printer, { cid: contestId, content: 'print me' });
  const code = {
    language: 'C++',
    code: 'int main() {\n  int a = 0, b = 0;\n  return a + b; /* matrix fixture */\n}\n',
  };
  const practice = await call('POST', '/api/submit-problem-judge', tokens.user ?? '', { pid: 'MX1', ...code });
  const inContest = await call('POST', '/api/submit-problem-judge', tokens.participant ?? '', {
    pid: 'A',
    cid: contestId,
    ...code,
  });
  const print = await harness.db
    .selectFrom('contest_prints')
    .select('print_id')
    .where('contest_id', '=', contestId)
    .executeTakeFirstOrThrow();
  return {
    printId: print.print_id,
    practiceSubmissionId: (practice as { submitId: number }).submitId,
    contestSubmissionId: (inContest as { submitId: number }).submitId,
  };
}

async function userIdsOf(db: Kysely<Database>): Promise<RouteAccessFixture['userIds']> {
  const users = await db.selectFrom('users').select(['user_id', 'username']).execute();
  const uidOf = (username: string) => users.find((row) => row.username === username)?.user_id ?? '';
  return {
    user: uidOf('mx-user'),
    stranger: uidOf('mx-stranger'),
    participant: uidOf('mx-participant'),
    admin: uidOf('mx-admin'),
    problemAdmin: uidOf('mx-problem-admin'),
    owner: uidOf('mx-owner'),
    root: uidOf('root'),
  };
}

/** Fresh sessions for every role (the logout calls end the fixture's). */
async function signInAgain(harness: ApiHarness, tokens: Tokens): Promise<Tokens> {
  const again: Record<Role, string | null> = { ...tokens };
  for (const [role, username] of Object.entries(usernames) as [Exclude<Role, 'anonymous'>, string][]) {
    const password = role === 'root' ? 'rootpass' : 'secret1';
    const login = await harness.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
    again[role] = String(login.headers.authorization);
  }
  return again;
}

async function contestIdOf(db: Kysely<Database>, title: string): Promise<number> {
  const row = await db.selectFrom('contests').select('contest_id').where('title', '=', title).executeTakeFirstOrThrow();
  return row.contest_id;
}
