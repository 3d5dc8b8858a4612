import type pg from 'pg';
import type { JetStreamClient } from '@nats-io/jetstream';
import { abortablePause } from '@oj/platform';
import {
  judgeRequestEventTypes,
  rejudgingRequestEventTypes,
  testRunRequestEventTypes,
  testRunRequestedSchema,
  submissionCreatedSchema,
  submissionRejudgeRequestedSchema,
  submissionStream,
  type EventStore,
  type RecordedEvent,
} from '@oj/events';
import {
  encodeJudgeTask,
  queueNames,
  type JudgeQueueSettings,
  type QueuePriority,
  type QueueTask,
} from '../queue/judge-queue';
import type { WorkerLog } from '../worker/judge-task-handler';
import { stagedRejudgeTasksOf } from '../rejudgings/staged-rejudge-tasks';

export interface DispatcherOptions {
  readonly store: EventStore;
  /** Holds the leadership lock and the checkpoint (table relay_checkpoints). */
  readonly pool: pg.Pool;
  readonly js: JetStreamClient;
  readonly queue: JudgeQueueSettings;
  readonly log: WorkerLog;
  /** Checkpoint row and lock name; one per queue. */
  readonly name?: string;
  /** How often a standby process asks for leadership, and the pause after a failure. */
  readonly retryMs?: number;
}

export interface RunningDispatcher {
  stop(): Promise<void>;
}

/**
 * Relays SubmissionCreated and SubmissionRejudgeRequested from the store to the judge queue, Nats-Msg-Id =
 * event id; contest submissions and their rejudges go to the contest queue, everything else (test runs
 * too) to the normal one. Any number of processes may run it: one leads (a session advisory lock, released by Postgres
 * if the leader dies), the rest stand by. The checkpoint moves only after JetStream acknowledged the
 * publish, so a crash replays at most the last events, which the dedup window (or, past it, the worker's
 * "already final" check) absorbs.
 */
export function startDispatcher(options: DispatcherOptions): RunningDispatcher {
  const stopping = new AbortController();
  const running = lead(options, stopping.signal);
  return {
    async stop() {
      stopping.abort(new Error('dispatcher stopping'));
      await running;
    },
  };
}

async function lead(options: DispatcherOptions, stopping: AbortSignal): Promise<void> {
  const name = options.name ?? 'judge-dispatcher';
  const retryMs = options.retryMs ?? 2_000;
  while (!stopping.aborted) {
    let client: pg.PoolClient | undefined;
    let failure: unknown;
    try {
      client = await options.pool.connect();
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
        [name],
      );
      if (rows[0]?.locked) {
        options.log.info({ dispatcher: name }, 'judge dispatcher leading');
        try {
          await relay(options, client, name, stopping);
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]);
        }
      }
    } catch (error) {
      failure = error;
      if (!stopping.aborted) options.log.error({ err: error, dispatcher: name }, 'judge dispatcher failed; retrying');
    } finally {
      // A client whose query failed may be broken; dropping it also drops any lock it still holds.
      client?.release(failure instanceof Error ? failure : undefined);
    }
    await abortablePause(retryMs, stopping);
  }
}

async function relay(options: DispatcherOptions, client: pg.PoolClient, name: string, stopping: AbortSignal) {
  const { rows } = await client.query<{ position: string }>('SELECT position FROM relay_checkpoints WHERE name = $1', [
    name,
  ]);
  const fromPosition = rows[0] ? BigInt(rows[0].position) : undefined;
  const subscription = options.store.subscribeAll({
    ...(fromPosition === undefined ? {} : { fromPosition }),
    eventTypes: [...judgeRequestEventTypes, ...testRunRequestEventTypes, ...rejudgingRequestEventTypes],
    signal: stopping,
  });
  const closeOnStop = (): void => void subscription.close();
  stopping.addEventListener('abort', closeOnStop, { once: true });
  try {
    for await (const event of subscription) {
      if (stopping.aborted) break;
      const task = event.type === 'RejudgingStaged' ? null : judgeTaskOf(event);
      if (event.type === 'RejudgingStaged') {
        const { subject } = queueNames(options.queue, 'normal');
        for (const staged of stagedRejudgeTasksOf(event)) {
          await options.js.publish(subject, encodeJudgeTask(staged), { msgID: staged.eventId });
        }
      } else if (task) {
        const { subject } = queueNames(options.queue, await priorityOf(options.store, event, task));
        await options.js.publish(subject, encodeJudgeTask(task), { msgID: event.id });
      } else options.log.error({ eventId: event.id, type: event.type }, 'judge request event is malformed; not queued');
      await client.query(
        `INSERT INTO relay_checkpoints (name, position) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET position = GREATEST(relay_checkpoints.position, EXCLUDED.position)`,
        [name, event.position.toString()],
      );
    }
  } finally {
    stopping.removeEventListener('abort', closeOnStop);
    await subscription.close();
  }
}

function judgeTaskOf(event: RecordedEvent): QueueTask | null {
  if (event.type === 'TestRunRequested') {
    const parsed = testRunRequestedSchema.safeParse(event.data);
    return parsed.success ? { eventId: event.id, testRunKey: parsed.data.testRunKey } : null;
  }
  if (event.type === 'SubmissionCreated') {
    const parsed = submissionCreatedSchema.safeParse(event.data);
    return parsed.success ? { eventId: event.id, submissionId: parsed.data.submissionId, attempt: 0 } : null;
  }
  const parsed = submissionRejudgeRequestedSchema.safeParse(event.data);
  return parsed.success
    ? { eventId: event.id, submissionId: parsed.data.submissionId, attempt: parsed.data.attempt }
    : null;
}

/**
 * A rejudge event does not say whether the submission is a contest one, so its SubmissionCreated is read;
 * a failed read fails the relay, which retries from the checkpoint.
 */
async function priorityOf(store: EventStore, event: RecordedEvent, task: QueueTask): Promise<QueuePriority> {
  if ('testRunKey' in task) return 'normal';
  const created =
    event.type === 'SubmissionCreated' ? event : (await store.readStream(submissionStream(task.submissionId)))[0];
  const parsed = submissionCreatedSchema.safeParse(created?.type === 'SubmissionCreated' ? created.data : undefined);
  return parsed.success && parsed.data.contestId !== null ? 'contest' : 'normal';
}
