import {
  parseRejudgingEvent,
  rejudgingStream,
  rejudgingSubmissionJudgedSchema,
  submissionCreatedSchema,
  submissionStream,
  WrongExpectedRevisionError,
  type RecordedEvent,
  type RejudgingEvent,
} from '@oj/events';
import { nameBasedUuid } from '../worker/deterministic-ids';
import type { JudgeTaskHandlerDeps, TaskDisposition } from '../worker/judge-task-handler';
import type { StagedRejudgeTask } from '../queue/judge-queue';

/** What a live judging task needs: the store, the judge, this worker's name, the delivery cap, a clock, a log. */
export type StagedRejudgeTaskDeps = JudgeTaskHandlerDeps;

/** One staged result per submission per rejudging, whichever delivery or worker writes it first. */
export const stagedResultId = (rejudgingId: string, submissionId: number): string =>
  nameBasedUuid(`rejudging/${rejudgingId}/submission/${submissionId}/judged`);

interface StagedTaskFacts {
  readonly events: readonly RecordedEvent[];
  readonly pending: boolean;
}

/** Whether the rejudging still waits for this submission's result (staged, not ended, not judged yet). */
function readFacts(events: readonly RecordedEvent[], submissionId: number): StagedTaskFacts {
  const parsed = events.map(parseRejudgingEvent).filter((event): event is RejudgingEvent => event !== null);
  const staged = parsed.find((event) => event.type === 'RejudgingStaged');
  const ended = parsed.some((event) => event.type === 'RejudgingApplied' || event.type === 'RejudgingDiscarded');
  const judged = parsed.some(
    (event) => event.type === 'RejudgingSubmissionJudged' && event.data.submissionId === submissionId,
  );
  const listed =
    staged?.type === 'RejudgingStaged' && staged.data.items.some((item) => item.submissionId === submissionId);
  return { events, pending: listed && !ended && !judged };
}

/**
 * One delivery of a staged rejudge (issue 13 item 4): judge the submission's code with the settings the
 * rejudging copied, and append RejudgingSubmissionJudged to the rejudging's stream only, so no submission
 * projection, board or user sees it. Other items of the same rejudging append concurrently, so a revision
 * conflict re-reads and tries again unless the result is there already. Case results are not stored (the diff
 * shows verdicts); after the last allowed delivery the result is SE, as a live attempt's would be.
 */
export async function handleStagedRejudgeTask(
  deps: StagedRejudgeTaskDeps,
  task: StagedRejudgeTask,
  delivery: number,
  signal: AbortSignal,
): Promise<TaskDisposition> {
  const stream = rejudgingStream(task.rejudgingId);
  let facts = readFacts(await deps.store.readStream(stream), task.submissionId);
  if (!facts.pending) return 'ack';
  const staged = facts.events.map(parseRejudgingEvent).find((event) => event?.type === 'RejudgingStaged');
  if (staged?.type !== 'RejudgingStaged') return 'ack';
  const item = staged.data.items.find((candidate) => candidate.submissionId === task.submissionId);
  const settings = item ? staged.data.settings[String(item.problemId)] : undefined;
  const created = (await deps.store.readStream(submissionStream(task.submissionId))).find(
    (event) => event.type === 'SubmissionCreated',
  );
  const submission = created ? submissionCreatedSchema.safeParse(created.data) : null;
  const base = { rejudgingId: task.rejudgingId, submissionId: task.submissionId, judger: deps.judger };
  const systemError = (errorMessage: string) =>
    ({ status: 'SE', score: null, oiRankScore: null, timeMs: 0, memoryKib: 0, errorMessage }) as const;
  const outcome =
    !settings || !submission?.success
      ? systemError('Submission or settings missing.')
      : delivery > deps.judgingDeliveries
        ? systemError(`Judging did not finish after ${deps.judgingDeliveries} tries.`)
        : await deps.judge(
            { submission: submission.data, attempt: item?.attempt ?? 0, settings, signal },
            { caseJudged: async () => {} },
          );
  const data = rejudgingSubmissionJudgedSchema.parse({ ...base, ...outcome, judgedAt: deps.now().toISOString() });
  for (;;) {
    try {
      await deps.store.append(
        stream,
        [
          {
            id: stagedResultId(task.rejudgingId, task.submissionId),
            type: 'RejudgingSubmissionJudged',
            data,
            metadata: { causationId: task.eventId, correlationId: task.eventId, judger: deps.judger },
          },
        ],
        { expectedRevision: facts.events.at(-1)?.revision ?? 'no_stream' },
      );
      deps.log.info({ ...task, status: data.status }, 'staged rejudge judged');
      return 'ack';
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      facts = readFacts(await deps.store.readStream(stream), task.submissionId);
      if (!facts.pending) return 'ack';
    }
  }
}
