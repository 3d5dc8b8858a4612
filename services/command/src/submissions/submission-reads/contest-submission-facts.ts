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
  const settings = contest.settings as {
    auth: number;
    allowEndSubmit: boolean;
    openAccountLimit: boolean;
    accountLimitRule: string | null;
  };
  return {
    contest: {
      contestId,
      createdBy: contest.created_by,
      auth: settings.auth,
      startAt: contest.start_at.toISOString(),
      endAt: contest.end_at.toISOString(),
      allowEndSubmit: settings.allowEndSubmit,
      openAccountLimit: settings.openAccountLimit,
      accountLimitRule: settings.accountLimitRule,
      isRegistered: registration !== undefined,
      contestProblem: link ? { contestProblemId: link.contest_problem_id, displayId: link.display_id } : null,
    },
    problemId: link?.problem_id ?? null,
  };
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
