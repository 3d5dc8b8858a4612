import { sql, type Kysely } from 'kysely';
import {
  statusAfterChange,
  submissionChangesOf,
  type SubmissionStatus,
  submissionOutcomeEventTypes,
  type SubmissionChange,
  type SubmissionEvent,
} from '@oj/events';
import type { Database, ProblemCountersTable } from '@oj/read-models';
import type { Projection } from '../../runner/projection';
import { unheldSubmissionsFilter } from '../unheld-submissions';

type CounterColumn = Exclude<keyof ProblemCountersTable, 'problem_id' | 'group_id'>;

/** The verdict column a status counts in besides `total` (judging.md §1.3); in-progress, CA and SF count in total only. */
const columnOf: Partial<Record<SubmissionStatus, CounterColumn>> = {
  AC: 'ac',
  WA: 'wa',
  TLE: 'tle',
  MLE: 'mle',
  RE: 're',
  PE: 'pe',
  CE: 'ce',
  SE: 'se',
  PA: 'pa',
};

export const publicBankGroupId = 0;

const zeroCounts: Record<CounterColumn, number> = {
  total: 0,
  ac: 0,
  wa: 0,
  tle: 0,
  mle: 0,
  re: 0,
  pe: 0,
  ce: 0,
  se: 0,
  pa: 0,
};

async function addTo(db: Kysely<Database>, problemId: number, groupId: number, column: CounterColumn, delta: number) {
  await db
    .insertInto('problem_counters')
    .values({ problem_id: problemId, group_id: groupId, ...zeroCounts, [column]: delta })
    .onConflict((conflict) =>
      conflict
        .columns(['problem_id', 'group_id'])
        .doUpdateSet({ [column]: sql`problem_counters.${sql.ref(column)} + ${delta}` }),
    )
    .execute();
}

/** HOJ counts only non-contest rows, per bank: the public one (gid null) or a group's (judging.md §1.3). */
const isCounted = (data: { readonly contestId: number | null }): boolean => data.contestId === null;

async function applyCreated(
  db: Kysely<Database>,
  position: bigint,
  data: Extract<SubmissionEvent, { type: 'SubmissionCreated' }>['data'],
) {
  if (!isCounted(data)) return;
  const groupId = data.groupId ?? publicBankGroupId;
  const inserted = await db
    .insertInto('problem_counter_submissions')
    .values({
      submission_id: data.submissionId,
      problem_id: data.problemId,
      group_id: groupId,
      attempt: 0,
      status: 'Pending',
      last_position: position,
    })
    .onConflict((conflict) => conflict.column('submission_id').doNothing())
    .returning('submission_id')
    .executeTakeFirst();
  if (inserted) await addTo(db, data.problemId, groupId, 'total', 1);
}

async function applyChange(db: Kysely<Database>, position: bigint, event: SubmissionChange) {
  const row = await db
    .selectFrom('problem_counter_submissions')
    .selectAll()
    .where('submission_id', '=', event.data.submissionId)
    .executeTakeFirst();
  if (!row || BigInt(row.last_position) >= position) return;
  const next = statusAfterChange({ attempt: row.attempt, status: row.status as SubmissionStatus }, event);
  await db
    .updateTable('problem_counter_submissions')
    .set({ last_position: position, ...(next ? { attempt: next.attempt, status: next.status } : {}) })
    .where('submission_id', '=', row.submission_id)
    .execute();
  if (!next) return;
  const before = columnOf[row.status as SubmissionStatus];
  const after = columnOf[next.status];
  if (before === after) return;
  if (before) await addTo(db, row.problem_id, row.group_id, before, -1);
  if (after) await addTo(db, row.problem_id, row.group_id, after, 1);
}

/**
 * Verdict counters per problem (get-problem-list, problemCount). HOJ aggregates its judge table on every read;
 * here each counted submission remembers its status, so a rejudge, manual verdict or cancel moves one count.
 */
export const problemCountersProjection: Projection = {
  name: 'problem-counters',
  tables: ['problem_counters', 'problem_counter_submissions'],
  // The judge's progress (JudgeStarted, CaseJudged) never moves what these rows keep: see judgeProgressEventTypes.
  eventTypes: submissionOutcomeEventTypes,
  async apply(event, transaction) {
    for (const parsed of submissionChangesOf(event)) {
      if (parsed.type === 'SubmissionCreated') await applyCreated(transaction, event.position, parsed.data);
      else await applyChange(transaction, event.position, parsed);
    }
  },
  // A contest submission is never counted: its events go by without a batch.
  changeFilter: () => unheldSubmissionsFilter(isCounted),
};
