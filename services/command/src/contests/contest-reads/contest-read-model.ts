import { sql, type Kysely } from 'kysely';
import type { Database } from '@oj/read-models';

/** Read-model facts the contest routes gather before deciding (ids, bank problems, announcement owners). */
export function contestReads(db: Kysely<Database>) {
  const nextValue = async (sequence: string) => {
    const { rows } = await sql<{ id: string }>`SELECT nextval(${sequence}::regclass) AS id`.execute(db);
    const id = rows[0]?.id;
    if (id === undefined) throw new Error(`${sequence} gave no value`);
    return Number(id);
  };
  return {
    nextContestId: () => nextValue('contest_id_seq'),
    nextContestProblemId: () => nextValue('contest_problem_id_seq'),
    nextAnnouncementId: () => nextValue('contest_announcement_id_seq'),
    nextPrintId: () => nextValue('contest_print_id_seq'),
    realnameOf: (userId: string) =>
      db
        .selectFrom('users')
        .select('realname')
        .where('user_id', '=', userId)
        .executeTakeFirst()
        .then((row) => row?.realname ?? null),
    bankProblem: (problemId: number) =>
      db
        .selectFrom('problems')
        .select(['problem_id as problemId', 'title'])
        .where('problem_id', '=', problemId)
        .executeTakeFirst()
        .then((row) => row ?? null),
    announcementContest: (announcementId: number) =>
      db
        .selectFrom('contest_announcements')
        .select('contest_id')
        .where('announcement_id', '=', announcementId)
        .executeTakeFirst()
        .then((row) => row?.contest_id ?? null),
  };
}
