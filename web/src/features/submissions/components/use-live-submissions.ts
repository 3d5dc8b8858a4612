import { useEffect, useRef } from 'react';
import { subscribeTopic } from '@/lib/live-socket';
import { checkSubmissionsStatus } from '../api/check-submissions-status';
import type { Submission } from '../api/submission-schemas';
import { isInProgress } from '../judge-status';
import { submissionTopic } from '../submission-topic';

/** Spec 000 §9: rows poll every 2000 ms, at most 300 rounds. */
export const submissionPollMs = 2000;
export const submissionPollRounds = 300;

/**
 * Keeps the in-progress submissions among `rows` fresh: polls check-submissions-status as the spec says and
 * re-reads at once when /api/ws pushes a change, whichever comes first. `onUpdate` gets the new rows by id.
 * Polling stops on a network error (spec 000 §4); pushes keep working.
 */
export const useLiveSubmissions = (
  rows: readonly Pick<Submission, 'submitId' | 'status'>[],
  onUpdate: (updates: Record<string, Submission>) => void,
  /** Contest pages poll check-contest-submissions-status instead. */
  check: (submitIds: readonly string[]) => Promise<Record<string, Submission>> = checkSubmissionsStatus,
): void => {
  const checkRef = useRef(check);
  useEffect(() => {
    checkRef.current = check;
  }, [check]);
  const onUpdateRef = useRef(onUpdate);
  useEffect(() => {
    onUpdateRef.current = onUpdate;
  }, [onUpdate]);
  const pendingIds = rows.filter((row) => isInProgress(row.status)).map((row) => row.submitId);
  const key = pendingIds.join(',');

  useEffect(() => {
    const ids = key ? key.split(',') : [];
    if (ids.length === 0) return undefined;
    let isActive = true;
    let rounds = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = async (): Promise<boolean> => {
      try {
        const updates = await checkRef.current(ids);
        if (isActive) onUpdateRef.current(updates);
        return true;
      } catch {
        return false;
      }
    };
    const poll = async () => {
      rounds += 1;
      const isOk = await refresh();
      if (isActive && isOk && rounds < submissionPollRounds) timer = setTimeout(() => void poll(), submissionPollMs);
    };
    timer = setTimeout(() => void poll(), submissionPollMs);
    const unsubscribes = ids.map((id) => subscribeTopic(submissionTopic(id), () => void refresh()));
    return () => {
      isActive = false;
      if (timer) clearTimeout(timer);
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [key]);
};
