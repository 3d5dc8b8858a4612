import type { Principal } from '@oj/platform';
import type { SubmissionListRow, JudgeRow } from '@oj/contracts';
import { hojCodeOf, type SubmissionRecord } from './submissions.queries';
import { sealedFields, type ContestSubmissionView } from './contest-submission-view';
import type { SubmissionVisibility } from './submission-visibility';

export const hiddenCodeNotice =
  'Because the super administrator has enabled the function of not viewing the submitted code outside the contest of master station, \nthe code of this submission details has been hidden.';
const errorMessageHidden = 'The error message does not support viewing.';
const othersErrorHidden = "The contest is in progress. You are not allowed to view other people's error information.";

const iso = (at: Date) => at.toISOString();

export function listRowOf(record: SubmissionRecord & { title: string | null }): SubmissionListRow {
  return {
    uid: record.user_id,
    submitId: record.submission_id,
    username: record.username,
    pid: record.problem_id,
    displayPid: record.display_pid,
    title: record.title ?? '',
    displayId: null,
    submitTime: iso(record.submitted_at),
    status: hojCodeOf(record.status),
    share: record.share,
    time: record.time_ms,
    memory: record.memory_kib,
    score: record.score,
    oiRankScore: record.oi_rank_score,
    length: record.length,
    language: record.language,
    cid: record.contest_id ?? 0,
    cpid: record.contest_problem_id ?? 0,
    source: null,
    judger: record.judger,
    ip: null,
    isManual: record.is_manual,
  };
}

/** The whole Judge row; callers blank what the viewer may not see. */
export function submissionRowOf(record: SubmissionRecord): JudgeRow {
  return {
    submitId: record.submission_id,
    pid: record.problem_id,
    displayPid: record.display_pid,
    uid: record.user_id,
    username: record.username,
    submitTime: iso(record.submitted_at),
    status: hojCodeOf(record.status),
    share: record.share,
    errorMessage: record.error_message,
    time: record.time_ms,
    memory: record.memory_kib,
    score: record.score,
    length: record.length,
    code: record.code,
    language: record.language,
    cid: record.contest_id ?? 0,
    cpid: record.contest_problem_id ?? 0,
    gid: record.group_id,
    judger: record.judger,
    ip: record.ip,
    version: record.attempt,
    oiRankScore: record.oi_rank_score,
    vjudgeSubmitId: null,
    vjudgeUsername: null,
    vjudgePassword: null,
    isManual: record.is_manual,
    gmtCreate: iso(record.submitted_at),
    gmtModified: iso(record.updated_at),
  };
}

const isCodeAdmin = (viewer: Principal | null) => viewer?.role === 'root' || viewer?.role === 'problem_admin';

/**
 * get-submission-detail's rules (api-core §4, §4.1). Outside contests: code for the owner, root, problem_admin,
 * or anyone when shared (and `isShareHonoured`: the problem is public and allows sharing), and the hide-code
 * switch for the rest. In a contest (`contest` given): code for the owner and the contest's admins; while it runs,
 * others' time, memory, length and error text are hidden too. The error message itself only for CE, SE and SF.
 * `displayPid` names the problem as the reply may (the contest's display id for a contest row, F4).
 */
export function detailRowOf(
  record: SubmissionRecord,
  viewer: Principal | null,
  isCodeHidden: boolean,
  contest: ContestSubmissionView | null = null,
  { displayPid = record.display_pid, isShareHonoured = true } = {},
): JudgeRow {
  const row = { ...submissionRowOf(record), displayPid };
  const isOwner = viewer?.userId === record.user_id;
  const isShared = record.share && isShareHonoured;
  const isCodeVisible = contest ? isOwner || contest.isPrivileged : isOwner || isCodeAdmin(viewer) || isShared;
  const code = !isCodeVisible ? null : !contest && isCodeHidden && !isCodeAdmin(viewer) ? hiddenCodeNotice : row.code;
  const showsError = record.status === 'CE' || record.status === 'SE' || record.status === 'SF';
  const isOthersRunning = contest !== null && contest.isRunning && !contest.isPrivileged && !isOwner;
  const errorMessage = !showsError ? errorMessageHidden : isOthersRunning ? othersErrorHidden : row.errorMessage;
  const figures = isOthersRunning ? { time: null, memory: null, length: null } : {};
  // HOJ shows the submitter's IP to any viewer (api-core §9.12); here only to the owner and root.
  const ip = isOwner || viewer?.role === 'root' ? row.ip : null;
  return { ...row, ...figures, code, ip, errorMessage };
}

/**
 * A row of check-submissions-status or check-contest-submissions-status as the viewer may see it, or null when
 * it is not theirs to see (`SubmissionVisibility.fateOf`). No code, error message or submitter IP (HOJ leaks
 * the IP, api-core §9.12); a sealed row answers -5 with no score or figures; another user's time, memory and
 * length are hidden while their contest runs; a contest row names the contest's display id, never the bank's.
 */
export function polledRowOf(
  record: SubmissionRecord,
  visibility: SubmissionVisibility,
  viewerId: string | null,
): JudgeRow | null {
  const fate = visibility.fateOf(record);
  if (fate === 'hidden') return null;
  const row = {
    ...submissionRowOf(record),
    displayPid: visibility.displayPidOf(record),
    code: null,
    errorMessage: null,
    ip: null,
  };
  if (fate === 'sealed') return { ...row, ...sealedFields };
  const contest = visibility.contestViewOf(record);
  const isOthersRunning = contest?.isRunning && !contest.isPrivileged && viewerId !== record.user_id;
  return isOthersRunning ? { ...row, time: null, memory: null, length: null } : row;
}

function commentBlock(language: string, lines: readonly string[]): string {
  const lower = language.toLowerCase();
  if (lower.includes('py')) return `'''\n${lines.join('\n')}\n'''`;
  if (lower.includes('ruby')) return `=begin\n${lines.join('\n')}\n=end`;
  return `/**\n${lines.map((line) => ` * ${line}`).join('\n')}\n */`;
}

/** get-last-ac-code's trailer: a blank line, then run id, language, author and submit time as a comment. */
export function withAcceptedTrailer(record: SubmissionRecord): string {
  const submitted = iso(record.submitted_at).replace('T', ' ').slice(0, 19);
  const lines = [
    `@runId: ${record.submission_id}`,
    `@language: ${record.language}`,
    `@author: ${record.username}`,
    `@submitTime: ${submitted}`,
  ];
  return `${record.code}\n\n${commentBlock(record.language, lines)}`;
}
