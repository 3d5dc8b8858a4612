import { useCallback, useEffect, useState } from 'react';
import { getAllCaseResult, type AllCaseResult } from '../api/get-all-case-result';
import { getSubmissionDetail, type SubmissionDetail } from '../api/get-submission-detail';
import type { Submission } from '../api/submission-schemas';
import { isInProgress } from '../judge-status';
import { useLiveSubmissions } from './use-live-submissions';

/** One submission with its case results, followed live until its verdict is final, then read again in full. */
export const useSubmissionDetail = (submitId: string) => {
  const [detail, setDetail] = useState<SubmissionDetail | null>(null);
  const [cases, setCases] = useState<AllCaseResult>(null);
  const [hasFailed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let isActive = true;
    getSubmissionDetail(submitId)
      .then(async (reply) => {
        if (!isActive) return;
        setDetail(reply);
        setFailed(false);
        const caseReply = isInProgress(reply.submission.status)
          ? null
          : await getAllCaseResult(submitId).catch(() => null);
        if (isActive) setCases(caseReply);
      })
      .catch(() => isActive && setFailed(true));
    return () => {
      isActive = false;
    };
  }, [submitId, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const merge = useCallback(
    (updates: Record<string, Submission>) => {
      const update = updates[submitId];
      if (!update) return;
      if (!isInProgress(update.status)) reload();
      else
        setDetail(
          (current) =>
            current && { ...current, submission: { ...current.submission, ...update, code: current.submission.code } },
        );
    },
    [submitId, reload],
  );
  useLiveSubmissions(detail ? [detail.submission] : [], merge);
  return { detail, cases, hasFailed, reload, setDetail };
};
