import { rejudgingStagedSchema, type RecordedEvent } from '@oj/events';
import { nameBasedUuid } from '../worker/deterministic-ids';
import type { StagedRejudgeTask } from '../queue/judge-queue';

/**
 * The judge tasks of a RejudgingStaged, one per submission, each with a name-based message id so a relay
 * replay is absorbed by JetStream's dedup window (or, past it, by the handler finding the result stored).
 * Staged work rides the normal queue: a contest's live submissions are judged before a rejudge nobody sees yet.
 */
export function stagedRejudgeTasksOf(event: RecordedEvent): StagedRejudgeTask[] {
  const parsed = rejudgingStagedSchema.safeParse(event.data);
  if (!parsed.success) return [];
  const { rejudgingId, items } = parsed.data;
  return items.map(({ submissionId }) => ({
    eventId: nameBasedUuid(`rejudging/${rejudgingId}/submission/${submissionId}/task`),
    rejudgingId,
    submissionId,
  }));
}
