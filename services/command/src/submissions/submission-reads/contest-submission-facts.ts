import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import type { ContestForSubmission } from '../submit-contest-code';

/** Reads the contest, the caller's registration and the contest problem behind a display id. */
export async function contestForSubmission(
  db: Kysely<Database>,
  contestId: number,
  userId: string,
  displayId: string,
): Promise<{ contest: ContestForSubmission; problemId: number | null } | null> {
  const contest = await db
    .selectFrom('contests')
    .select(['contest_id', 'created_by', 'visible', 'start_at', 'end_at', 'settings'])
    .where('contest_id', '=', contestId)
    .executeTakeFirst();
  if (!contest) return null;
  const registration = await db
    .selectFrom('contest_registrations')
    .select('user_id')
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const link = await db
    .selectFrom('contest_problems')
    .select(['contest_problem_id', 'display_id', 'problem_id'])
    .where('contest_id', '=', contestId)
    .where('display_id', '=', displayId)
    .executeTakeFirst();
  return {
    contest: contestOf(contest, registration !== undefined, link ?? null),
    problemId: link?.problem_id ?? null,
  };
}

interface ContestRow {
  readonly contest_id: number;
  readonly created_by: string;
  readonly visible: boolean;
  readonly start_at: Date;
  readonly end_at: Date;
  readonly settings: unknown;
}

function contestOf(
  contest: ContestRow,
  isRegistered: boolean,
  link: { readonly contest_problem_id: number; readonly display_id: string } | null,
): ContestForSubmission {
  const settings = contest.settings as {
    auth: number;
    allowEndSubmit: boolean;
    openAccountLimit: boolean;
    accountLimitRule: string | null;
  };
  return {
    contestId: contest.contest_id,
    createdBy: contest.created_by,
    visible: contest.visible,
    auth: settings.auth,
    startAt: contest.start_at.toISOString(),
    endAt: contest.end_at.toISOString(),
    allowEndSubmit: settings.allowEndSubmit,
    openAccountLimit: settings.openAccountLimit,
    accountLimitRule: settings.accountLimitRule,
    isRegistered,
    contestProblem: link ? { contestProblemId: link.contest_problem_id, displayId: link.display_id } : null,
  };
}

/** Every contest that links a problem, with the caller's registration in each (the contest-only rule, F4). */
export async function contestsLinkingProblem(
  db: Kysely<Database>,
  problemId: number,
  userId: string,
): Promise<ContestForSubmission[]> {
  const rows = await db
    .selectFrom('contest_problems')
    .innerJoin('contests', 'contests.contest_id', 'contest_problems.contest_id')
    .leftJoin('contest_registrations', (join) =>
      join
        .onRef('contest_registrations.contest_id', '=', 'contests.contest_id')
        .on('contest_registrations.user_id', '=', userId),
    )
    .select([
      'contests.contest_id',
      'contests.created_by',
      'contests.visible',
      'contests.start_at',
      'contests.end_at',
      'contests.settings',
      'contest_problems.contest_problem_id',
      'contest_problems.display_id',
      'contest_registrations.user_id as registered_user_id',
    ])
    .where('contest_problems.problem_id', '=', problemId)
    .orderBy('contests.contest_id')
    .execute();
  return rows.map((row) => contestOf(row, row.registered_user_id !== null, row));
}

/** The submissions of one problem in one contest (the submissions read model), oldest first. */
export async function contestProblemSubmissionIds(db: Kysely<Database>, contestId: number, problemId: number) {
  const rows = await db
    .selectFrom('submissions')
    .select('submission_id')
    .where('contest_id', '=', contestId)
    .where('problem_id', '=', problemId)
    .orderBy('submission_id')
    .execute();
  return rows.map((row) => row.submission_id);
}
