import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { rejudgingStream, type EventStore, type RecordedEvent } from '@oj/events';
import { aRejudgingItem, aRejudgingStaged, someJudgeSettings } from '@oj/events/testing';
import { startDispatcher, type RunningDispatcher } from '../dispatch/dispatcher';
import type { JudgeAttempt } from '../worker/judge-attempt';
import { startJudgeWorker, type RunningJudgeWorker } from '../worker/judge-worker';
import { createJudgeQueueTestbed, silentLog, type JudgeQueueTestbed } from '../queue/testing/judge-queue-testbed';

const natsUrl = inject('natsUrl');

/** A scripted stand-in for the sandbox pipeline: WA for the code "wrong", AC otherwise, no cases reported. */
const byCode: JudgeAttempt = async (input) => ({
  status: input.submission.code === 'wrong' ? 'WA' : 'AC',
  score: null,
  oiRankScore: null,
  timeMs: 7,
  memoryKib: 100,
  errorMessage: null,
});

async function waitForRejudging(
  store: EventStore,
  rejudgingId: string,
  done: (events: readonly RecordedEvent[]) => boolean,
): Promise<readonly RecordedEvent[]> {
  const stream = rejudgingStream(rejudgingId);
  const subscription = store.subscribeAll({ fromPosition: 0n, signal: AbortSignal.timeout(60_000) });
  try {
    for await (const event of subscription) {
      if (event.stream !== stream) continue;
      const events = await store.readStream(stream);
      if (done(events)) return events;
    }
    throw new Error('rejudging did not finish');
  } finally {
    await subscription.close();
  }
}

describe.skipIf(!natsUrl)('staged rejudge on the judge queue (real Postgres store and nats-server)', () => {
  let bed: JudgeQueueTestbed;
  const running: (RunningJudgeWorker | RunningDispatcher)[] = [];

  afterEach(async () => {
    await Promise.all(running.splice(0).map((each) => each.stop()));
    await bed.close();
  });

  it('judges every staged submission into the rejudging stream only, once each', async () => {
    bed = await createJudgeQueueTestbed(inject('databaseUrl'), natsUrl, { ackWaitMs: 2_000 });
    running.push(startDispatcher({ store: bed.store, pool: bed.pool, js: bed.js, queue: bed.queue, log: silentLog }));
    running.push(
      await startJudgeWorker({
        js: bed.js,
        queue: bed.queue,
        slots: 3,
        retryBackoff: { baseMs: 50, maxMs: 200 },
        handler: {
          store: bed.store,
          judge: byCode,
          judger: 'test-worker',
          judgingDeliveries: bed.queue.judgingDeliveries,
          now: () => new Date(),
          log: silentLog,
        },
      }),
    );
    const submissions = [
      await bed.submit({ code: 'right' }),
      await bed.submit({ code: 'wrong' }),
      await bed.submit({ code: 'right' }),
    ];
    // The live judging of the submissions themselves ends first; the staged run comes after.
    const before = await Promise.all(
      submissions.map((submission) =>
        bed.waitForStream(submission.submissionId, (stream) =>
          stream.some((event) => event.type === 'SubmissionJudged'),
        ),
      ),
    );
    const rejudgingId = randomUUID();
    const staged = aRejudgingStaged({
      rejudgingId,
      items: submissions.map((submission) => aRejudgingItem({ submissionId: submission.submissionId })),
      settings: { '1': someJudgeSettings() },
    });
    await bed.store.append(
      rejudgingStream(rejudgingId),
      [{ id: randomUUID(), type: 'RejudgingStaged', data: staged }],
      {
        expectedRevision: 'no_stream',
      },
    );

    const events = await waitForRejudging(
      bed.store,
      rejudgingId,
      (stream) => stream.filter((event) => event.type === 'RejudgingSubmissionJudged').length === 3,
    );

    const results = new Map(
      events
        .filter((event) => event.type === 'RejudgingSubmissionJudged')
        .map((event) => {
          const data = event.data as { submissionId: number; status: string };
          return [data.submissionId, data.status];
        }),
    );
    expect(results).toEqual(
      new Map(submissions.map((submission) => [submission.submissionId, submission.code === 'wrong' ? 'WA' : 'AC'])),
    );
    // No staged result reached a submission stream: the live history is exactly what it was before.
    const after = await Promise.all(
      submissions.map((submission) => bed.store.readStream(`submission-${submission.submissionId}`)),
    );
    expect(after.map((stream) => stream.map((event) => event.type))).toEqual(
      before.map((stream) => stream.map((event) => event.type)),
    );
  });
});
