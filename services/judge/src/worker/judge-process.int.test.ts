import type { ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RecordedEvent } from '@oj/events';
import { someJudgeSettings } from '@oj/events/testing';
import { createBlobStore } from '@oj/platform';
import { storeAPlusBCase } from './testing/golden-test-cases';
import { repositoryRoot, spawnJudgeProcess } from './testing/judge-process-spawn';
import { createJudgeQueueTestbed, type JudgeQueueTestbed } from '../queue/testing/judge-queue-testbed';

const natsUrl = inject('natsUrl');

/** Slow enough to be killed mid-run: it sleeps (no CPU, so no TLE) well inside the wall limit. */
const slowAPlusB = 'import time\na, b = map(int, input().split())\ntime.sleep(3)\nprint(a + b)\n';

const ofAttempt = (attempt: number, type: string) => (events: readonly RecordedEvent[]) =>
  events.filter((event) => event.type === type && (event.data as { attempt: number }).attempt === attempt);

describe.skipIf(!natsUrl)('judge worker process', () => {
  let bed: JudgeQueueTestbed;
  let dataDir: string;
  const children: ChildProcess[] = [];

  function startWorker(name: string): ChildProcess {
    const child = spawnJudgeProcess({
      bed,
      natsUrl,
      dataDir,
      inherited: process.env,
      settings: {
        JUDGE_ACK_WAIT_MS: String(bed.queue.ackWaitMs),
        JUDGE_WORKER_NAME: name,
      },
    });
    children.push(child);
    return child;
  }

  /** Fails at once, instead of at the timeout, when a worker dies on its own (e.g. a start-up error). */
  function unlessItDies<T>(child: ChildProcess, waiting: Promise<T>): Promise<T> {
    const died = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) => reject(new Error(`worker exited early: code ${code}, signal ${signal}`))),
    );
    return Promise.race([waiting, died]);
  }

  beforeAll(async () => {
    bed = await createJudgeQueueTestbed(inject('databaseUrl'), natsUrl, { ackWaitMs: 2_000 });
    const tmp = path.join(repositoryRoot, '.tmp');
    await mkdir(tmp, { recursive: true });
    dataDir = await mkdtemp(path.join(tmp, 'judge-process-'));
    // The sandbox uids must traverse DATA_DIR to reach the work dirs.
    await chmod(dataDir, 0o755);
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await bed.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('ends with exactly one final verdict when the worker judging it is killed with SIGKILL', async () => {
    const testCase = await storeAPlusBCase(createBlobStore(dataDir));
    const submission = await bed.submit({
      language: 'Python3',
      code: slowAPlusB,
      judge: someJudgeSettings({ timeLimitMs: 2_000, testCases: [testCase] }),
    });

    const doomed = startWorker('doomed');
    const whileJudging = await unlessItDies(
      doomed,
      bed.waitForStream(submission.submissionId, (events) => events.some((event) => event.type === 'JudgeStarted')),
    );
    doomed.kill('SIGKILL');
    expect(ofAttempt(0, 'SubmissionJudged')(whileJudging)).toEqual([]);

    const survivor = startWorker('survivor');
    const events = await unlessItDies(
      survivor,
      bed.waitForStream(
        submission.submissionId,
        (stream) =>
          ofAttempt(0, 'SubmissionJudged')(stream).length + ofAttempt(0, 'SubmissionJudgingFailed')(stream).length > 0,
        90_000,
      ),
    );
    const exited = new Promise<number | null>((resolve) => survivor.once('exit', (code) => resolve(code)));
    survivor.kill('SIGTERM');
    expect(await exited).toBe(0);

    const judged = ofAttempt(0, 'SubmissionJudged')(events);
    expect(judged).toHaveLength(1);
    expect(ofAttempt(0, 'SubmissionJudgingFailed')(events)).toEqual([]);
    expect(judged[0]?.data).toMatchObject({ status: 'AC', judger: 'survivor' });
    expect(ofAttempt(0, 'JudgeStarted')(events).map((event) => event.data)).toEqual([
      expect.objectContaining({ judger: 'doomed', delivery: 1 }),
      expect.objectContaining({ judger: 'survivor', delivery: 2 }),
    ]);
  }, 120_000);
});
