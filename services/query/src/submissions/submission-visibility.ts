import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { adminRoles, type Principal } from '@oj/platform';
import type { Viewer } from '../contests/contest-access';
import { viewerOf } from '../contests/contest-viewer';
import { findContest } from '../contests/contests.queries';
import {
  contestRowFate,
  contestSubmissionView,
  deletedContestView,
  type ContestRowFate,
  type ContestSubmissionView,
} from './contest-submission-view';
import type { SubmissionRecord } from './submissions.queries';

/** A problem's auth when it is public; hidden (2) and contest-only (3) problems' practice rows are not. */
const publicProblemAuth = 1;

/** How one viewer may see a set of submission rows: the freeze-aware view of each row's contest, and more. */
export interface SubmissionVisibility {
  /** The row's fate for this viewer (contest rows: `contestRowFate`; practice rows: by the problem's auth). */
  fateOf(record: SubmissionRecord): ContestRowFate;
  /** The view of the row's contest, or null for a practice row. */
  contestViewOf(record: SubmissionRecord): ContestSubmissionView | null;
  /** The id a reply names the row's problem by: the contest's display id for a contest row, never the bank's. */
  displayPidOf(record: SubmissionRecord): string;
}

/**
 * Reads what the rows' fates depend on, in three round trips whatever the number of rows: their contests, the
 * viewer's registrations in them, their contest display ids, and the auth of their practice problems (F20:
 * hidden and contest-only problems' practice rows are their submitter's and the back office's only).
 */
export async function readSubmissionVisibility(
  db: Kysely<Database>,
  records: readonly SubmissionRecord[],
  principal: Principal | null,
  now: Date,
): Promise<SubmissionVisibility> {
  const viewer = viewerOf(principal);
  const contestIds = [...new Set(records.flatMap((record) => (record.contest_id === null ? [] : [record.contest_id])))];
  const contestProblemIds = [
    ...new Set(records.flatMap((record) => (record.contest_problem_id === null ? [] : [record.contest_problem_id]))),
  ];
  const practiceProblemIds = [
    ...new Set(records.flatMap((record) => (record.contest_id === null ? [record.problem_id] : []))),
  ];
  const [views, displayIds, problemAuths] = await Promise.all([
    contestViews(db, contestIds, viewer, now),
    contestProblemIds.length === 0
      ? []
      : db
          .selectFrom('contest_problems')
          .select(['contest_problem_id', 'display_id'])
          .where('contest_problem_id', 'in', contestProblemIds)
          .execute(),
    practiceProblemIds.length === 0
      ? []
      : db
          .selectFrom('problems')
          .select(['problem_id', 'auth'])
          .where('problem_id', 'in', practiceProblemIds)
          .execute(),
  ]);
  const displayIdOf = new Map(displayIds.map((row) => [row.contest_problem_id, row.display_id]));
  const authOf = new Map(problemAuths.map((row) => [row.problem_id, row.auth]));
  const isBackOffice = principal !== null && adminRoles.includes(principal.role);
  const contestViewOf = (record: SubmissionRecord) =>
    record.contest_id === null ? null : (views.get(record.contest_id) ?? deletedContestView(viewer));
  return {
    contestViewOf,
    fateOf(record) {
      const view = contestViewOf(record);
      const row = { userId: record.user_id, submittedAt: record.submitted_at };
      if (view) return contestRowFate(view, row, viewer?.userId ?? null);
      const auth = authOf.get(record.problem_id) ?? publicProblemAuth;
      const isOwner = viewer?.userId === record.user_id;
      return auth === publicProblemAuth || isOwner || isBackOffice ? 'whole' : 'hidden';
    },
    displayPidOf(record) {
      if (record.contest_problem_id === null) return record.display_pid;
      // A link removed since: no contest display id is left, and the bank's is not for contest replies (F4).
      return displayIdOf.get(record.contest_problem_id) ?? '';
    },
  };
}

/** The freeze-aware view of each existing contest for this viewer. */
async function contestViews(
  db: Kysely<Database>,
  contestIds: readonly number[],
  viewer: Viewer | null,
  now: Date,
): Promise<Map<number, ContestSubmissionView>> {
  if (contestIds.length === 0) return new Map();
  const [contests, registrations] = await Promise.all([
    Promise.all(contestIds.map((contestId) => findContest(db, contestId))),
    viewer
      ? db
          .selectFrom('contest_registrations')
          .select('contest_id')
          .where('user_id', '=', viewer.userId)
          .where('contest_id', 'in', contestIds)
          .execute()
      : [],
  ]);
  const registered = new Set(registrations.map((row) => row.contest_id));
  return new Map(
    contests.flatMap((contest) =>
      contest
        ? [[contest.contestId, contestSubmissionView(contest, viewer, registered.has(contest.contestId), now)] as const]
        : [],
    ),
  );
}
