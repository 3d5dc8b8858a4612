import type { Kysely, Selectable, Updateable } from 'kysely';
import {
  statusAfterChange,
  submissionChangeEventTypes,
  submissionChangesOf,
  type SubmissionStatusCursor,
  type SubmissionStatus,
  submissionEventSchemas,
  type JudgeSettings,
  type RecordedEvent,
  type SubmissionChange,
  type SubmissionEvent,
} from '@oj/events';
import type { Database, SubmissionsTable } from '@oj/read-models';
import type { Projection } from '../../runner/projection';
import { liveTopics } from '@oj/read-models/names';
import { topicsOfNumberId } from '../../runner/event-topics';

type Data<Type extends SubmissionEvent['type']> = Extract<SubmissionEvent, { type: Type }>['data'];
type Row = Pick<Selectable<SubmissionsTable>, 'attempt' | 'status' | 'last_position'>;

function settingsColumns(judge: JudgeSettings) {
  return {
    judge_case_mode: judge.judgeCaseMode,
    problem_type: judge.problemType,
    io_score: judge.ioScore,
    difficulty: judge.difficulty,
  };
}

async function insertSubmission(db: Kysely<Database>, event: RecordedEvent, data: Data<'SubmissionCreated'>) {
  await db
    .insertInto('submissions')
    .values({
      submission_id: data.submissionId,
      problem_id: data.problemId,
      display_pid: data.problemDisplayId,
      user_id: data.userId,
      username: data.username,
      contest_id: data.contestId,
      contest_problem_id: data.contestProblemId,
      group_id: data.groupId,
      language: data.language,
      code: data.code,
      length: data.code.length,
      ip: event.metadata.clientIp ?? '',
      submitted_at: data.submittedAt,
      attempt: 0,
      status: 'Pending',
      score: null,
      oi_rank_score: null,
      time_ms: null,
      memory_kib: null,
      error_message: null,
      judger: '',
      is_manual: false,
      share: false,
      ...settingsColumns(data.judge),
      updated_at: event.recordedAt,
      last_position: event.position,
    })
    .onConflict((conflict) => conflict.column('submission_id').doNothing())
    .execute();
}

const clearedResult = { score: null, oi_rank_score: null, time_ms: null, memory_kib: null, error_message: null };

/** The columns an event sets besides status and attempt (HOJ's judge row fields, judging.md §1.2–1.6). */
function changesFor(event: SubmissionChange, next: SubmissionStatusCursor | null): Updateable<SubmissionsTable> {
  switch (event.type) {
    case 'RejudgingResultApplied': {
      // An applied staged rejudge (issue 13 item 4): the staged judging's result, as a judged attempt's.
      const { score, oiRankScore, timeMs, memoryKib, errorMessage, judger } = event.data;
      return next
        ? {
            score,
            oi_rank_score: oiRankScore,
            time_ms: timeMs,
            memory_kib: memoryKib,
            error_message: errorMessage,
            judger,
            is_manual: false,
          }
        : {};
    }
    case 'SubmissionRejudgeRequested':
      return { ...clearedResult, judger: '', is_manual: false, ...settingsColumns(event.data.judge) };
    case 'JudgeStarted':
      return next ? { judger: event.data.judger } : {};
    case 'SubmissionJudged': {
      const { score, oiRankScore, timeMs, memoryKib, errorMessage, judger } = event.data;
      return next
        ? {
            score,
            oi_rank_score: oiRankScore,
            time_ms: timeMs,
            memory_kib: memoryKib,
            error_message: errorMessage,
            judger,
          }
        : {};
    }
    case 'SubmissionJudgingFailed':
      return next ? { ...clearedResult, error_message: event.data.reason } : {};
    case 'SubmissionVerdictSetManually':
      return next
        ? { score: event.data.score, oi_rank_score: event.data.oiRankScore, judger: event.data.judger, is_manual: true }
        : {};
    case 'SubmissionCancelled':
      return next ? { score: null, oi_rank_score: null, judger: event.data.judger, is_manual: true } : {};
    case 'SubmissionShareChanged':
      return { share: event.data.share };
    case 'CaseJudged':
    case 'SubmissionCreated':
      return {};
  }
}

async function upsertCase(db: Kysely<Database>, data: Data<'CaseJudged'>) {
  const values = {
    submission_id: data.submissionId,
    seq: data.seq,
    attempt: data.attempt,
    case_id: data.caseId,
    group_num: data.groupNum,
    status: data.status,
    time_ms: data.timeMs,
    memory_kib: data.memoryKib,
    score: data.score,
    message: data.message,
    input_name: data.inputName,
    output_name: data.outputName,
    interactor_status: data.interaction?.interactorStatus ?? null,
    first_to_finish: data.interaction?.firstToFinish ?? null,
  };
  // A redelivered attempt reports its cases again (same seq): the latest report wins.
  const { submission_id: _id, seq: _seq, ...rest } = values;
  await db
    .insertInto('submission_cases')
    .values(values)
    .onConflict((conflict) => conflict.columns(['submission_id', 'seq']).doUpdateSet(rest))
    .execute();
}

async function applyToRow(db: Kysely<Database>, event: RecordedEvent, parsed: SubmissionChange, row: Row) {
  const submissionId = parsed.data.submissionId;
  const cursor: SubmissionStatusCursor = { attempt: row.attempt, status: row.status as SubmissionStatus };
  const next = statusAfterChange(cursor, parsed);
  // The staged judging's cases are not kept: the old attempt's cases would contradict its new verdict.
  if (parsed.type === 'SubmissionRejudgeRequested' || parsed.type === 'RejudgingResultApplied') {
    if (!next) return;
    await db.deleteFrom('submission_cases').where('submission_id', '=', submissionId).execute();
  }
  if (parsed.type === 'CaseJudged' && parsed.data.attempt === row.attempt) await upsertCase(db, parsed.data);
  await db
    .updateTable('submissions')
    .set({
      ...changesFor(parsed, next),
      ...(next ? { attempt: next.attempt, status: next.status } : {}),
      updated_at: event.recordedAt,
      last_position: event.position,
    })
    .where('submission_id', '=', submissionId)
    .execute();
}

const topicsOfSubmission = topicsOfNumberId('submissionId', liveTopics.submission);

/** HOJ's judge rows and judge_case rows for the current attempt: list, detail, case results, polling. */
export const submissionsProjection: Projection = {
  name: 'submissions',
  tables: ['submissions', 'submission_cases'],
  eventTypes: [...Object.keys(submissionEventSchemas), ...submissionChangeEventTypes],
  async apply(event, transaction) {
    for (const parsed of submissionChangesOf(event)) {
      if (parsed.type === 'SubmissionCreated') {
        await insertSubmission(transaction, event, parsed.data);
        continue;
      }
      const row = await transaction
        .selectFrom('submissions')
        .select(['attempt', 'status', 'last_position'])
        .where('submission_id', '=', parsed.data.submissionId)
        .executeTakeFirst();
      // Events of one submission share a stream, so a position at or below the row's was applied already.
      if (!row || BigInt(row.last_position) >= event.position) continue;
      await applyToRow(transaction, event, parsed, row);
    }
  },
  topicsFor: (event) =>
    event.type === 'RejudgingApplied'
      ? submissionChangesOf(event).map((change) => liveTopics.submission(change.data.submissionId))
      : topicsOfSubmission(event),
};
