import { hojStatusCodes } from '@oj/events';
import type { SubmissionState } from './submission.state';
import type { JudgeRow } from '@oj/contracts';

/**
 * The Judge row as HOJ returns it right after submit, resubmit or rejudge (status Pending, result fields null).
 * A contest row names its problem by the contest display id (`contestDisplayId`, "" when the caller has none)
 * and `pid` 0: HOJ gives the bank's ids, which open a contest-only problem outside the contest (security F4).
 * HOJ's client reads only `submitId` from this reply (api-core §4).
 */
export function judgeRowOf(
  state: SubmissionState,
  ip: string,
  modifiedAt: string,
  contestDisplayId = '',
): JudgeRow | null {
  const submission = state.submission;
  if (!submission) return null;
  const isContest = submission.contestId !== null;
  return {
    submitId: submission.submissionId,
    pid: isContest ? 0 : submission.problemId,
    displayPid: isContest ? contestDisplayId : submission.problemDisplayId,
    uid: submission.userId,
    username: submission.username,
    submitTime: submission.submittedAt,
    status: hojStatusCodes[state.status],
    share: state.share,
    errorMessage: null,
    time: null,
    memory: null,
    score: state.score,
    length: submission.code.length,
    code: submission.code,
    language: submission.language,
    cid: submission.contestId ?? 0,
    cpid: submission.contestProblemId ?? 0,
    gid: submission.groupId,
    judger: state.judger,
    ip,
    version: state.attempt,
    oiRankScore: state.oiRankScore,
    vjudgeSubmitId: null,
    vjudgeUsername: null,
    vjudgePassword: null,
    isManual: state.isManual,
    gmtCreate: submission.submittedAt,
    gmtModified: modifiedAt,
  };
}
