import {
  testRunJudgedSchema,
  testRunRequestedSchema,
  testRunStream,
  WrongExpectedRevisionError,
  type EventStore,
} from '@oj/events';
import { nameBasedUuid } from '../worker/deterministic-ids';
import type { TaskDisposition, WorkerLog } from '../worker/judge-task-handler';
import type { TestRunTask } from '../queue/judge-queue';
import type { TestRunJudge } from './test-run-judge';

export interface TestRunTaskDeps {
  readonly store: EventStore;
  readonly testRun: TestRunJudge | undefined;
  readonly judger: string;
  readonly now: () => Date;
  readonly log: WorkerLog;
}

/**
 * One delivery of a test run: run it unless already judged, and append TestRunJudged with a name-based id at
 * the stream's revision, so a redelivery or a second worker cannot record a second result.
 */
export async function handleTestRunTask(deps: TestRunTaskDeps, task: TestRunTask): Promise<TaskDisposition> {
  const stream = testRunStream(task.testRunKey);
  const events = await deps.store.readStream(stream);
  const requested = events.find((event) => event.type === 'TestRunRequested');
  if (!requested || events.some((event) => event.type === 'TestRunJudged')) return 'ack';
  if (!deps.testRun) return 'leave';
  // A request stored before the catalogue refused unsafe file names (issue 10, F3) is answered SE, not retried.
  const parsed = testRunRequestedSchema.safeParse(requested.data);
  const outcome = parsed.success
    ? await deps.testRun(parsed.data)
    : {
        status: 'SE' as const,
        timeMs: null,
        memoryKib: null,
        userOutput: '',
        stderr: 'The test run request is not valid.',
      };
  const last = events.at(-1);
  const judged = { ...outcome, testRunKey: task.testRunKey, judger: deps.judger, judgedAt: deps.now().toISOString() };
  // The catalogue's schema is the boundary, as for verdicts: a malformed result is a system error, not a stored fact.
  testRunJudgedSchema.parse(judged);
  try {
    await deps.store.append(
      stream,
      [
        {
          id: nameBasedUuid(`test-run/${task.testRunKey}/judged`),
          type: 'TestRunJudged',
          data: judged,
          metadata: { causationId: task.eventId, correlationId: requested.metadata.correlationId ?? task.eventId },
        },
      ],
      { expectedRevision: last ? last.revision : 'no_stream' },
    );
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    deps.log.info({ testRunKey: task.testRunKey }, 'test run already judged elsewhere');
  }
  deps.log.info({ testRunKey: task.testRunKey, status: outcome.status }, 'test run judged');
  return 'ack';
}
