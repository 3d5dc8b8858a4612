import { judgeSubmission, type JudgeSubmissionDeps } from '../judging/judge-submission';
import type { JudgeAttempt } from './judge-attempt';

/** The queue's JudgeAttempt over the sandbox pipeline: the attempt's settings, its cases reported as stored. */
export function pipelineJudge(deps: Omit<JudgeSubmissionDeps, 'signal' | 'onCaseJudged'>): JudgeAttempt {
  return async (input, progress) => {
    const { cases: _cases, ...outcome } = await judgeSubmission(
      {
        language: input.submission.language,
        code: input.submission.code,
        settings: input.settings,
        checkerIncludes: input.checkerIncludes ?? {},
      },
      {
        ...deps,
        signal: input.signal,
        onCaseJudged: (result) => progress.caseJudged(result),
        onCompiled: () => progress.compiled?.(),
      },
    );
    return outcome;
  };
}
