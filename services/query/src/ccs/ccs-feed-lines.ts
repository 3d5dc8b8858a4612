import { ccsJudgementIdOf, ccsJudgementTypeOf, ccsRelTimeOf, ccsTimeOf } from './ccs-objects';

/**
 * The event feed's two hot lines — a submission and a judgement, nearly every line of a contest's feed — written
 * by template instead of built as objects and passed through JSON.stringify (docs/ccs.md "Throughput"). Each value
 * written raw is digits, an id of the spec's id alphabet or a CCS time, none of which JSON escapes; anything else
 * goes through JSON.stringify. ccs-feed-lines.test.ts checks each line against JSON.stringify of the object mapper
 * the REST endpoints use (ccsSubmissionOf, ccsJudgementOf), so the two cannot drift; no line is parsed or
 * validated here at run time.
 */

/** Any other line, `{type, id, data, token}` as JSON (the rare ones: contest, problems, teams, languages …). */
export const ccsObjectLine = (type: string, id: string | null, data: unknown, token: string): string =>
  `${JSON.stringify({ type, id, data, token })}\n`;

export interface SubmissionLineFacts {
  readonly submissionId: number;
  /** Already an id (ccsLanguageIdOf). */
  readonly languageId: string;
  readonly contestProblemId: number;
  /** Already an id (ccsIdOfUser). */
  readonly teamId: string;
  readonly submittedMs: number;
}

/** A `submissions` line, the same text as ccsObjectLine of ccsSubmissionOf's object. */
export function ccsSubmissionLine(
  submission: SubmissionLineFacts,
  startMs: number,
  filesHref: string,
  token: string,
): string {
  const id = submission.submissionId;
  return (
    `{"type":"submissions","id":"${id}","data":{"id":"${id}","language_id":"${submission.languageId}",` +
    `"problem_id":"${submission.contestProblemId}","team_id":"${submission.teamId}",` +
    `"time":"${ccsTimeOf(submission.submittedMs)}","contest_time":"${ccsRelTimeOf(submission.submittedMs - startMs)}",` +
    `"files":[{"href":${JSON.stringify(filesHref)},"filename":"files.zip","mime":"application/zip"}]},` +
    `"token":"${token}"}\n`
  );
}

export interface JudgementLineFacts {
  readonly submissionId: number;
  readonly attempt: number;
  readonly startedMs: number;
  /** The verdict and when it was given; null while judging. */
  readonly end: { readonly verdict: string; readonly atMs: number } | null;
  /** The score the verdict gave, written only when the judgement has ended (a score contest's judgements). */
  readonly score: number | null;
}

/**
 * A `judgements` line, the same text as ccsObjectLine of ccsJudgementOf's object (no run time: the feed's
 * judgements carry none) with `score` appended when given and ended.
 */
export function ccsJudgementLine(judgement: JudgementLineFacts, startMs: number, token: string): string {
  const id = ccsJudgementIdOf(judgement.submissionId, judgement.attempt);
  const type = judgement.end === null ? null : ccsJudgementTypeOf(judgement.end.verdict);
  const endMs = type === null || judgement.end === null ? null : judgement.end.atMs;
  const ended =
    endMs === null
      ? `"judgement_type_id":null,"start_time":"${ccsTimeOf(judgement.startedMs)}",` +
        `"start_contest_time":"${ccsRelTimeOf(judgement.startedMs - startMs)}","end_time":null,"end_contest_time":null`
      : `"judgement_type_id":"${type}","start_time":"${ccsTimeOf(judgement.startedMs)}",` +
        `"start_contest_time":"${ccsRelTimeOf(judgement.startedMs - startMs)}","end_time":"${ccsTimeOf(endMs)}",` +
        `"end_contest_time":"${ccsRelTimeOf(endMs - startMs)}"`;
  const score = endMs !== null && judgement.score !== null ? `,"score":${JSON.stringify(judgement.score)}` : '';
  return (
    `{"type":"judgements","id":"${id}","data":{"id":"${id}","submission_id":"${judgement.submissionId}",` +
    `${ended}${score}},"token":"${token}"}\n`
  );
}
