import type { SubmissionEvent, SubmissionVerdict } from '@oj/events';

/** A submission's status inside our code: a verdict code, or one of HOJ's in-progress states (judging.md §1.1). */
export type SubmissionStatus = SubmissionVerdict | 'Pending' | 'Compiling' | 'Judging';

export const inProgressStatuses: readonly SubmissionStatus[] = ['Pending', 'Compiling', 'Judging'];

export interface StatusCursor {
  readonly attempt: number;
  readonly status: SubmissionStatus;
}

const isInProgress = (status: SubmissionStatus): boolean => inProgressStatuses.includes(status);

/**
 * The status after one event, or null when the event changes nothing: an event of an older attempt, a judge
 * event for an attempt that root already ended (manual verdict, cancel), or a share toggle. Every submission
 * projection folds statuses with this one function, so they agree on what a history means.
 */
export function nextStatus(cursor: StatusCursor | null, event: SubmissionEvent): StatusCursor | null {
  if (event.type === 'SubmissionCreated') return cursor ? null : { attempt: 0, status: 'Pending' };
  if (!cursor || event.type === 'SubmissionShareChanged') return null;
  if (event.type === 'SubmissionRejudgeRequested') {
    return event.data.attempt > cursor.attempt ? { attempt: event.data.attempt, status: 'Pending' } : null;
  }
  if (event.data.attempt !== cursor.attempt) return null;
  const at = (status: SubmissionStatus): StatusCursor => ({ attempt: cursor.attempt, status });
  switch (event.type) {
    case 'JudgeStarted':
      return cursor.status === 'Pending' ? at('Compiling') : null;
    case 'CaseJudged':
      return cursor.status === 'Pending' || cursor.status === 'Compiling' ? at('Judging') : null;
    case 'SubmissionJudged':
      return isInProgress(cursor.status) ? at(event.data.status) : null;
    case 'SubmissionJudgingFailed':
      return isInProgress(cursor.status) ? at('SE') : null;
    case 'SubmissionVerdictSetManually':
      return at(event.data.status);
    case 'SubmissionCancelled':
      return at('CA');
  }
}
