import type { CaseResultRow } from '@oj/contracts';
import { groupSubtasks } from './subtask-grouping';
import { hojCodeOf, type CaseRecord, type SubmissionRecord } from './submissions.queries';

/**
 * get-all-case-result's reply (api-core §4): flat for default and ergodic modes, grouped for the subtask modes.
 * Everyone but the admin roles gets HOJ's "limited" columns.
 */
export function caseResultsOf(record: SubmissionRecord, cases: readonly CaseRecord[], isFull: boolean) {
  if (cases.length === 0) return { judgeCaseMode: 'default', judgeCaseList: [], subTaskJudgeCaseVoList: null };
  const mode = record.judge_case_mode;
  const rows = cases.map((one) => caseRowOf(record, one, mode, isFull));
  if (mode === 'subtask_lowest' || mode === 'subtask_average') {
    return { judgeCaseMode: mode, judgeCaseList: null, subTaskJudgeCaseVoList: groupSubtasks(mode, rows) };
  }
  return { judgeCaseMode: mode, judgeCaseList: rows, subTaskJudgeCaseVoList: null };
}

function caseRowOf(record: SubmissionRecord, one: CaseRecord, mode: string, isFull: boolean): CaseResultRow {
  const limited = {
    time: one.time_ms,
    memory: one.memory_kib,
    score: one.score,
    status: hojCodeOf(one.status),
    // HOJ's user_output column holds the case message (judging.md §3.7), which users see (§3.8); the judge
    // keeps no program output. An empty message is HOJ's unset column.
    userOutput: one.message === '' ? null : one.message,
    groupNum: one.group_num,
    seq: one.seq,
    mode,
    interaction: interactionOf(one),
  };
  if (!isFull) {
    return {
      ...limited,
      id: null,
      pid: null,
      submitId: null,
      uid: null,
      caseId: null,
      inputData: null,
      outputData: null,
      gmtCreate: null,
      gmtModified: null,
    };
  }
  const at = record.updated_at.toISOString();
  return {
    ...limited,
    id: one.seq,
    pid: record.problem_id,
    submitId: record.submission_id,
    uid: record.user_id,
    caseId: one.case_id,
    inputData: one.input_name,
    outputData: one.output_name,
    gmtCreate: at,
    gmtModified: at,
  };
}

function interactionOf(one: CaseRecord): CaseResultRow['interaction'] {
  if (one.interactor_status === null) return null;
  const firstToFinish =
    one.first_to_finish === 'interactor' || one.first_to_finish === 'program' ? one.first_to_finish : null;
  return { interactorStatus: hojCodeOf(one.interactor_status), firstToFinish };
}
