import {
  parseSubmissionEvent,
  siteStream,
  submissionStream,
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventStore,
  type NewEvent,
} from '@oj/events';
import { decideJudgeTask, type JudgeTaskDecision } from './decide-judge-task';
import { judgeEventIds } from './deterministic-ids';
import type { AttemptOutcome, JudgeAttempt, CaseOutcome } from './judge-attempt';
import type { JudgeTask } from '../queue/judge-queue';
import { foldCheckerIncludes } from './site-checker-includes.state';
import { foldSubmissionJudging } from './submission-judging.state';

export interface WorkerLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface JudgeTaskHandlerDeps {
  readonly store: EventStore;
  readonly judge: JudgeAttempt;
  /** This worker's name, recorded as HOJ's `judger`. */
  readonly judger: string;
  readonly judgingDeliveries: number;
  readonly now: () => Date;
  readonly log: WorkerLog;
}

/**
 * When one delivery reached each step, in epoch milliseconds of this machine's clock: carried as JSON in the
 * verdict's metadata (`judgeTrace`) so the submit-to-verdict bench (tests/e2e/submit-latency.bench.ts) can
 * attribute each hop. `queued` is JetStream's time of the publish; the rest are the worker's.
 */
export interface JudgeTrace {
  queued?: number;
  pulled?: number;
  started?: number;
  compiled?: number;
  ran?: number;
  judged?: number;
}

/** Epoch milliseconds to a tenth, comparable across the processes of one machine. */
export const traceNow = (): number => Math.round((performance.timeOrigin + performance.now()) * 10) / 10;

/** What the consumer does with the message afterwards. A throw means: nak with back-off. */
export type TaskDisposition = 'ack' | 'leave';

/** The stream moved under us so that this delivery must stop; carries what to tell the queue. */
class AttemptMoot extends Error {
  constructor(readonly disposition: TaskDisposition) {
    super(`attempt moot: ${disposition}`);
  }
}

/**
 * Handles one delivery of a judge task: read the submission stream, decide, and append JudgeStarted,
 * CaseJudged… and the final verdict with deterministic ids and expected revisions. The caller acks only
 * after this resolves 'ack', so a crash at any point leaves the message to be redelivered, and whatever
 * the dead delivery already appended is either recognised (same ids) or superseded by the next delivery.
 */
export async function handleJudgeTask(
  deps: JudgeTaskHandlerDeps,
  task: JudgeTask,
  delivery: number,
  signal: AbortSignal,
  trace: JudgeTrace = {},
): Promise<TaskDisposition> {
  const stream = submissionStream(task.submissionId);
  let metadata: EventMetadata = { causationId: task.eventId, correlationId: task.eventId, judger: deps.judger };
  const read = async (): Promise<{ decision: JudgeTaskDecision; revision: bigint }> => {
    const events = await deps.store.readStream(stream);
    const decision = decideJudgeTask(foldSubmissionJudging(events), task, delivery, deps.judgingDeliveries);
    // The verdict carries the submit request's correlation id, so one id follows a submission end to end.
    const correlationId = events.find((event) => event.id === task.eventId)?.metadata.correlationId;
    if (correlationId) metadata = { ...metadata, correlationId };
    return { decision, revision: events.at(-1)?.revision ?? -1n };
  };
  let { decision, revision } = await read();
  const log = { submissionId: task.submissionId, attempt: task.attempt, delivery };

  /**
   * Appends at the known revision, in one transaction; an event's own metadata is added to the delivery's.
   * When someone else wrote first, re-decides before trying again.
   */
  const append = async (events: readonly NewEvent[]): Promise<void> => {
    // The catalogue's schema is the boundary: a malformed verdict is a system error here, not a stored fact.
    for (const event of events) parseSubmissionEvent(event);
    for (;;) {
      try {
        const stored = events.map((event) => ({ ...event, metadata: { ...metadata, ...event.metadata } }));
        revision = (await deps.store.append(stream, stored, { expectedRevision: revision })).nextExpectedRevision;
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        ({ decision, revision } = await read());
        if (decision.kind === 'skip') throw new AttemptMoot('ack');
        if (decision.kind === 'yield') throw new AttemptMoot('leave');
      }
    }
  };

  if (decision.kind === 'skip') {
    deps.log.info({ ...log, reason: decision.reason }, 'judge task skipped');
    return 'ack';
  }
  if (decision.kind === 'yield') return 'leave';
  const base = { submissionId: task.submissionId, attempt: task.attempt };
  try {
    if (decision.kind === 'give-up') {
      await append([
        {
          id: judgeEventIds.finalVerdict(task.submissionId, task.attempt),
          type: 'SubmissionJudgingFailed',
          data: {
            ...base,
            reason: `Judging did not finish after ${deps.judgingDeliveries} tries (worker crashes or system errors).`,
            deliveries: delivery,
            failedAt: deps.now().toISOString(),
          },
        },
      ]);
      deps.log.warn(log, 'judge task given up: SE');
      return 'ack';
    }
    // Compiling starts while JudgeStarted is being stored: the cases' appends queue behind it, and a moot
    // attempt found by it aborts the pipeline as a moot case append would.
    const started = append([
      {
        id: judgeEventIds.started(task.submissionId, task.attempt, delivery),
        type: 'JudgeStarted',
        data: { ...base, judger: deps.judger, delivery, startedAt: deps.now().toISOString() },
      },
    ]).then(() => void (trace.started = traceNow()));
    const verdictOf = (outcome: AttemptOutcome) => verdictEvent(deps, task, outcome, trace);
    const run = { task, delivery, signal, append, started, trace, verdictOf };
    const outcome = await judgeWhileCurrent(deps, decision, run);
    deps.log.info({ ...log, status: outcome.status }, 'submission judged');
    return 'ack';
  } catch (error) {
    if (error instanceof AttemptMoot) {
      deps.log.info({ ...log, disposition: error.disposition }, 'attempt became moot while judging');
      return error.disposition;
    }
    throw error;
  }
}

/** The attempt's SubmissionJudged, carrying the trace (judged = now) in its metadata. */
function verdictEvent(
  deps: JudgeTaskHandlerDeps,
  task: JudgeTask,
  outcome: AttemptOutcome,
  trace: JudgeTrace,
): NewEvent {
  trace.judged = traceNow();
  return {
    id: judgeEventIds.finalVerdict(task.submissionId, task.attempt),
    type: 'SubmissionJudged',
    data: {
      submissionId: task.submissionId,
      attempt: task.attempt,
      ...outcome,
      judger: deps.judger,
      judgedAt: deps.now().toISOString(),
    },
    metadata: { judgeTrace: JSON.stringify(trace) },
  };
}

interface AttemptRun {
  readonly task: JudgeTask;
  readonly delivery: number;
  readonly signal: AbortSignal;
  readonly append: (events: readonly NewEvent[]) => Promise<void>;
  /** JudgeStarted being stored: every later append queues behind it. */
  readonly started: Promise<void>;
  readonly trace: JudgeTrace;
  /** The SubmissionJudged event of the outcome. */
  readonly verdictOf: (outcome: AttemptOutcome) => NewEvent;
}

const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs the pipeline and stores each case as it is reported, in report order after `started`, then the verdict.
 * One append at a time (each needs the revision the previous one produced); what was reported while one was
 * under way goes in the next, together. A reported case is only queued (the pipeline does not wait for its
 * append), and the queue is taken one macrotask later: the last case of an attempt, reported microtasks
 * before the pipeline returns, is stored in one transaction with the verdict, one round trip to the store
 * less per submission on the submit-to-verdict path. A moot attempt found by an append aborts the pipeline.
 */
async function judgeWhileCurrent(
  deps: JudgeTaskHandlerDeps,
  decision: Extract<JudgeTaskDecision, { kind: 'judge' }>,
  run: AttemptRun,
): Promise<AttemptOutcome> {
  const { task, delivery, signal, append, trace } = run;
  const abort = new AbortController();
  const stopOnSignal = (): void => abort.abort(signal.reason);
  signal.addEventListener('abort', stopOnSignal, { once: true });
  let appended: Promise<void> = run.started;
  appended.catch((error: unknown) => abort.abort(error));
  const queued: NewEvent[] = [];
  let flushScheduled = false;
  const store = (event: NewEvent): Promise<void> => {
    queued.push(event);
    if (!flushScheduled) {
      flushScheduled = true;
      appended = appended.then(nextMacrotask).then(() => {
        flushScheduled = false;
        const batch = queued.splice(0);
        return batch.length === 0 ? undefined : append(batch);
      });
      appended.catch((error: unknown) => abort.abort(error));
    }
    return appended;
  };
  const caseJudged = (outcome: CaseOutcome): Promise<void> => {
    trace.ran = traceNow();
    void store({
      id: judgeEventIds.caseJudged(task.submissionId, task.attempt, delivery, outcome.seq),
      type: 'CaseJudged',
      data: { submissionId: task.submissionId, attempt: task.attempt, ...outcome },
    }).catch(() => undefined);
    return Promise.resolve();
  };
  try {
    // Read when judging starts rather than snapshotted at submit: like HOJ's testlib.h installed on the judge
    // server, the include is site equipment, and a missing one must be fixable without resubmitting.
    const checkerIncludes =
      decision.settings.judgeMode === 'default' ? {} : foldCheckerIncludes(await deps.store.readStream(siteStream));
    const outcome = await deps.judge(
      {
        submission: decision.submission,
        attempt: task.attempt,
        settings: decision.settings,
        checkerIncludes,
        signal: abort.signal,
      },
      { caseJudged, compiled: () => void (trace.compiled = traceNow()) },
    );
    await store(run.verdictOf(outcome));
    return outcome;
  } catch (error) {
    // The pipeline's own error is secondary when a case append found the attempt moot.
    await appended;
    throw error;
  } finally {
    signal.removeEventListener('abort', stopOnSignal);
  }
}
