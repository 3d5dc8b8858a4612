/* eslint-disable max-lines -- the worker's redelivery, idempotence and priority cases share one queue testbed. */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { submissionStream, type EventStore, type RecordedEvent, type SubmissionCreated } from '@oj/events';
import { aCaseJudged, aSubmissionRejudgeRequested, someJudgeSettings } from '@oj/events/testing';
import { startDispatcher, type RunningDispatcher } from '../dispatch/dispatcher';
import type { AttemptOutcome, CaseOutcome, JudgeAttempt } from './judge-attempt';
import { encodeJudgeTask, queueNames } from '../queue/judge-queue';
import { startJudgeWorker, type RunningJudgeWorker } from './judge-worker';
import { createJudgeQueueTestbed, silentLog, type JudgeQueueTestbed } from '../queue/testing/judge-queue-testbed';

const natsUrl = inject('natsUrl');

/** A scripted stand-in for the sandbox pipeline: the queue's behaviour doesn't depend on real judging. */
const acceptEveryCase: JudgeAttempt = async (input, progress) => {
  for (const [index, testCase] of input.settings.testCases.entries()) {
    await progress.caseJudged({
      caseId: testCase.caseId,
      seq: index + 1,
      groupNum: testCase.groupNum,
      status: 'AC',
      timeMs: input.settings.timeLimitMs / 100,
      memoryKib: 100,
      score: null,
      message: '',
      inputName: testCase.inputName,
      outputName: testCase.outputName,
    });
  }
  const outcome: AttemptOutcome = {
    status: 'AC',
    score: null,
    oiRankScore: null,
    timeMs: input.settings.timeLimitMs / 100,
    memoryKib: 100,
    errorMessage: null,
  };
  return outcome;
};

function caseOutcome(seq: number): CaseOutcome {
  const { submissionId: _submissionId, attempt: _attempt, ...outcome } = aCaseJudged({ seq });
  return outcome;
}

const failEveryTime: JudgeAttempt = () => Promise.reject(new Error('sandbox unavailable'));

const finals = (events: readonly RecordedEvent[], attempt: number) =>
  events.filter(
    (event) =>
      (event.type === 'SubmissionJudged' || event.type === 'SubmissionJudgingFailed') &&
      (event.data as { attempt: number }).attempt === attempt,
  );
const hasFinal = (attempt: number) => (events: readonly RecordedEvent[]) => finals(events, attempt).length > 0;

describe.skipIf(!natsUrl)('judge worker and dispatcher (real Postgres store and nats-server)', () => {
  let bed: JudgeQueueTestbed;
  const running: (RunningJudgeWorker | RunningDispatcher)[] = [];

  async function start(judge: JudgeAttempt, overrides: { judgingDeliveries?: number } = {}) {
    await startQueueAndDispatcher(overrides);
    await startWorker(judge, 2);
  }

  async function startQueueAndDispatcher(overrides: { judgingDeliveries?: number } = {}) {
    bed = await createJudgeQueueTestbed(inject('databaseUrl'), natsUrl, { ackWaitMs: 2_000, ...overrides });
    running.push(startDispatcher({ store: bed.store, pool: bed.pool, js: bed.js, queue: bed.queue, log: silentLog }));
  }

  async function startWorker(judge: JudgeAttempt, slots: number, store: EventStore = bed.store) {
    running.push(
      await startJudgeWorker({
        js: bed.js,
        queue: bed.queue,
        slots,
        retryBackoff: { baseMs: 50, maxMs: 200 },
        handler: {
          store,
          judge,
          judger: 'test-worker',
          judgingDeliveries: bed.queue.judgingDeliveries,
          now: () => new Date(),
          log: silentLog,
        },
      }),
    );
  }

  /** Both queues, contest and normal, have nothing waiting and nothing out for delivery. */
  async function queueDrained(): Promise<void> {
    for (;;) {
      const infos = await Promise.all(
        (['contest', 'normal'] as const).map((priority) =>
          bed.jsm.consumers.info(bed.queue.streamName, queueNames(bed.queue, priority).consumerName),
        ),
      );
      if (infos.every((info) => info.num_pending === 0 && info.num_ack_pending === 0)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function queuedTasks(count: number): Promise<void> {
    while ((await bed.jsm.streams.info(bed.queue.streamName)).state.messages < count) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  afterEach(async () => {
    await Promise.all(running.splice(0).map((each) => each.stop()));
    await bed.close();
  });

  it('judges a new submission: JudgeStarted, one CaseJudged per case, SubmissionJudged, then acks', async () => {
    await start(acceptEveryCase);
    const submission = await bed.submit();

    const events = await bed.waitForStream(submission.submissionId, hasFinal(0));

    expect(events.map((event) => event.type)).toEqual([
      'SubmissionCreated',
      'JudgeStarted',
      'CaseJudged',
      'SubmissionJudged',
    ]);
    expect(events[3]?.data).toMatchObject({ submissionId: submission.submissionId, attempt: 0, status: 'AC' });
    expect(events[1]?.data).toMatchObject({ judger: 'test-worker', delivery: 1 });
    expect(events[3]?.metadata).toMatchObject({ causationId: events[0]?.id, judger: 'test-worker' });
    await queueDrained();
  });

  it('stores the last case and the verdict in one append, after JudgeStarted and the cases before', async () => {
    await startQueueAndDispatcher();
    // The real store, recording the event types of each append the worker makes.
    const appends: string[][] = [];
    const recording = new Proxy(bed.store, {
      get(target, name, receiver) {
        if (name === 'append') {
          return (...args: Parameters<EventStore['append']>) => {
            appends.push(args[1].map((event) => event.type));
            return target.append(...args);
          };
        }
        const value: unknown = Reflect.get(target, name, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const twoCases: JudgeAttempt = async (input, progress) => {
      await progress.caseJudged(caseOutcome(1));
      // A later case: the first one is stored meanwhile, on its own.
      const stored = (events: readonly RecordedEvent[]) => events.some((event) => event.type === 'CaseJudged');
      await bed.waitForStream(input.submission.submissionId, stored);
      await progress.caseJudged(caseOutcome(2));
      return { status: 'AC', score: null, oiRankScore: null, timeMs: 10, memoryKib: 100, errorMessage: null };
    };
    await startWorker(twoCases, 2, recording);
    const submission = await bed.submit();

    const events = await bed.waitForStream(submission.submissionId, hasFinal(0));

    expect(events.map((event) => event.type)).toEqual([
      'SubmissionCreated',
      'JudgeStarted',
      'CaseJudged',
      'CaseJudged',
      'SubmissionJudged',
    ]);
    expect(appends).toEqual([['JudgeStarted'], ['CaseJudged'], ['CaseJudged', 'SubmissionJudged']]);
    expect(events[4]?.metadata).toMatchObject({ judger: 'test-worker', judgeTrace: expect.any(String) });
    await queueDrained();
  });

  it('ends the attempt as SubmissionJudgingFailed (SE) with a reason once every judging delivery failed', async () => {
    await start(failEveryTime, { judgingDeliveries: 2 });
    const submission = await bed.submit();

    const events = await bed.waitForStream(submission.submissionId, hasFinal(0));

    expect(events.filter((event) => event.type === 'JudgeStarted')).toHaveLength(2);
    expect(finals(events, 0)).toHaveLength(1);
    expect(finals(events, 0)[0]).toMatchObject({
      type: 'SubmissionJudgingFailed',
      data: { attempt: 0, deliveries: 3, reason: expect.stringContaining('2 tries') },
    });
    await queueDrained();
  });

  it('treats a verdict that breaks the event schema as a system error, never storing it', async () => {
    const negativeTime: JudgeAttempt = async (input, progress) => ({
      ...(await acceptEveryCase(input, progress)),
      timeMs: -1,
    });
    await start(negativeTime, { judgingDeliveries: 1 });
    const submission = await bed.submit();

    const events = await bed.waitForStream(submission.submissionId, hasFinal(0));

    expect(events.filter((event) => event.type === 'SubmissionJudged')).toEqual([]);
    expect(finals(events, 0)).toEqual([expect.objectContaining({ type: 'SubmissionJudgingFailed' })]);
  });

  it('judges a rejudge as a new attempt with the settings it carries', async () => {
    await start(acceptEveryCase);
    const submission = await bed.submit();
    await bed.waitForStream(submission.submissionId, hasFinal(0));
    const rejudge = aSubmissionRejudgeRequested({
      submissionId: submission.submissionId,
      attempt: 1,
      judge: someJudgeSettings({ timeLimitMs: 3_000 }),
    });

    await bed.store.append(submissionStream(submission.submissionId), [
      { id: randomUUID(), type: 'SubmissionRejudgeRequested', data: rejudge },
    ]);
    const events = await bed.waitForStream(submission.submissionId, hasFinal(1));

    expect(finals(events, 0)).toHaveLength(1);
    expect(finals(events, 1)).toEqual([expect.objectContaining({ data: expect.objectContaining({ timeMs: 30 }) })]);
  });

  it('abandons an attempt that a rejudge supersedes while it is being judged', async () => {
    let openGate: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const caseThenWait: JudgeAttempt = async (input, progress) => {
      if (input.attempt === 0) {
        await progress.caseJudged(caseOutcome(1));
        await gate;
        await progress.caseJudged(caseOutcome(2));
      }
      return acceptEveryCase(input, progress);
    };
    await start(caseThenWait);
    const submission = await bed.submit();
    await bed.waitForStream(submission.submissionId, (events) => events.some((event) => event.type === 'CaseJudged'));

    await bed.store.append(submissionStream(submission.submissionId), [
      {
        id: randomUUID(),
        type: 'SubmissionRejudgeRequested',
        data: aSubmissionRejudgeRequested({ submissionId: submission.submissionId, attempt: 1 }),
      },
    ]);
    openGate();
    const events = await bed.waitForStream(submission.submissionId, hasFinal(1));
    await queueDrained();

    expect(finals(events, 0)).toEqual([]);
    expect(finals(events, 1)).toHaveLength(1);
    const attemptZeroCases = events.filter(
      (event) => event.type === 'CaseJudged' && (event.data as { attempt: number }).attempt === 0,
    );
    expect(attemptZeroCases).toHaveLength(1);
  });

  it('appends nothing for a task queued again after its attempt was judged', async () => {
    await start(acceptEveryCase);
    const submission = await bed.submit();
    const judged = await bed.waitForStream(submission.submissionId, hasFinal(0));

    // Past the dedup window a relay replay arrives as a new message; the stream says it is done.
    const task = { eventId: judged[0]?.id ?? '', submissionId: submission.submissionId, attempt: 0 };
    await bed.js.publish(bed.queue.subject, encodeJudgeTask(task), { msgID: randomUUID() });
    await queueDrained();

    expect(await bed.store.readStream(submissionStream(submission.submissionId))).toHaveLength(judged.length);
  });

  it('hands leadership to a standby dispatcher, which resumes from the stored checkpoint', async () => {
    await start(acceptEveryCase);
    const standby = startDispatcher({
      store: bed.store,
      pool: bed.pool,
      js: bed.js,
      queue: bed.queue,
      log: silentLog,
      retryMs: 100,
    });
    running.push(standby);
    const first = await bed.submit();
    await bed.waitForStream(first.submissionId, hasFinal(0));

    await running.shift()?.stop();
    const second = await bed.submit();
    await bed.waitForStream(second.submissionId, hasFinal(0));

    const { rows } = await bed.pool.query<{ position: string }>(
      "SELECT position FROM relay_checkpoints WHERE name = 'judge-dispatcher'",
    );
    expect(BigInt(rows[0]?.position ?? 0)).toBe(await lastRequestPosition());
    expect((await bed.jsm.streams.info(bed.queue.streamName)).state.last_seq).toBe(2);

    async function lastRequestPosition(): Promise<bigint> {
      const events = await bed.store.readStream(submissionStream(second.submissionId));
      return events[0]?.position ?? -1n;
    }
  });

  it('judges waiting contest submissions before ordinary ones queued earlier, then the ordinary ones in order', async () => {
    await startQueueAndDispatcher();
    const ordinary: SubmissionCreated[] = [];
    for (let index = 0; index < 5; index++) ordinary.push(await bed.submit());
    const contest = [await bed.submit({ contestId: 7 }), await bed.submit({ contestId: 7 })];
    await queuedTasks(7);
    const handled: number[] = [];
    const recordOrder: JudgeAttempt = (input, progress) => {
      handled.push(input.submission.submissionId);
      return acceptEveryCase(input, progress);
    };

    await startWorker(recordOrder, 1);
    await bed.waitForStream(ordinary[4]?.submissionId ?? 0, hasFinal(0));
    await queueDrained();

    expect(handled).toEqual([...contest, ...ordinary].map((submission) => submission.submissionId));
  });

  it('queues the rejudge of a contest submission in the contest queue', async () => {
    await startQueueAndDispatcher();
    const submission = await bed.submit({ contestId: 7 });
    await queuedTasks(1);
    const contestConsumer = queueNames(bed.queue, 'contest').consumerName;
    const pendingContestTasks = async () =>
      (await bed.jsm.consumers.info(bed.queue.streamName, contestConsumer)).num_pending;
    expect(await pendingContestTasks()).toBe(1);

    await bed.store.append(submissionStream(submission.submissionId), [
      {
        id: randomUUID(),
        type: 'SubmissionRejudgeRequested',
        data: aSubmissionRejudgeRequested({ submissionId: submission.submissionId, attempt: 1 }),
      },
    ]);
    await queuedTasks(2);

    expect(await pendingContestTasks()).toBe(2);
  });

  it('redelivers a contest task sent back after a system error and judges it on the next delivery', async () => {
    let failures = 0;
    const failOnce: JudgeAttempt = (input, progress) =>
      failures++ === 0 ? Promise.reject(new Error('sandbox unavailable')) : acceptEveryCase(input, progress);
    await start(failOnce);
    const submission = await bed.submit({ contestId: 7 });

    const events = await bed.waitForStream(submission.submissionId, hasFinal(0));

    const deliveries = events
      .filter((event) => event.type === 'JudgeStarted')
      .map((event) => (event.data as { delivery: number }).delivery);
    expect(deliveries).toEqual([1, 2]);
    expect(finals(events, 0)).toEqual([expect.objectContaining({ type: 'SubmissionJudged' })]);
    await queueDrained();
  });
});
