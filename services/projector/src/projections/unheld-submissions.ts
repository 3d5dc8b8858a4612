import { submissionChangesOf, type RecordedEvent, type SubmissionCreated } from '@oj/events';
import type { ChangeFilter } from '../runner/projection';

/** Submissions a filter remembers as unheld; past it the oldest is forgotten, and then applied as unknown. */
export const unheldSubmissionsMemory = 50_000;

/**
 * The change filter of a projection keyed by submission that never holds some submissions, as their
 * SubmissionCreated decides (`mayHold` false): the contest boards never hold a practice submission, the problem
 * counters and accepted records never a contest one. The projection writes nothing for such a creation, and every later
 * change it steps only a row it holds (a rejudge, a verdict, an applied result: no row, nothing done), so each
 * event of those submissions alone changes nothing and the runner skips it without a batch.
 *
 * Why it is safe: what it learns is a submission's SubmissionCreated, the first event of the submission's stream,
 * which never changes — so it stays true across a restart, a rebuild, a rejudge or a second projector process. A
 * submission it did not see created (the runner started past it, or the memory forgot it) is unknown and applied
 * as before, and so is any event it cannot read (an empty change list) — never skipped on a guess.
 */
export function unheldSubmissionsFilter(
  mayHold: (created: SubmissionCreated) => boolean,
  memory = unheldSubmissionsMemory,
): ChangeFilter {
  // Insertion order is Set order: the first entry is the oldest.
  const unheld = new Set<number>();
  return {
    mayChange(event: RecordedEvent): boolean {
      const changes = submissionChangesOf(event);
      for (const change of changes) {
        if (change.type !== 'SubmissionCreated') continue;
        const { submissionId } = change.data;
        unheld.delete(submissionId);
        if (mayHold(change.data)) continue;
        unheld.add(submissionId);
        const oldest = unheld.values().next();
        if (unheld.size > memory && !oldest.done) unheld.delete(oldest.value);
      }
      return changes.length === 0 || changes.some((change) => !unheld.has(change.data.submissionId));
    },
  };
}
