import type { ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import type { RecordedEvent } from '@oj/events';
import { someJudgeSettings } from '@oj/events/testing';
import { createBlobStore, natsConnectionOptions } from '@oj/platform';
import { findNatsServer } from '@oj/platform/testing';
import { storeAPlusBCase } from '../worker/testing/golden-test-cases';
import { repositoryRoot, spawnJudgeProcess } from '../worker/testing/judge-process-spawn';
import { createJudgeQueueTestbed, type JudgeQueueTestbed } from './testing/judge-queue-testbed';
import { startNatsCluster, type NatsCluster } from './testing/nats-cluster';

const judged = (events: readonly RecordedEvent[]) => events.filter((event) => event.type === 'SubmissionJudged');

// Issue 14 (3): on a three-node JetStream cluster with the judge queue replicated 3 times (JUDGE_QUEUE_REPLICAS),
// judging goes on when the node leading the queue's stream is killed.
describe.skipIf(!findNatsServer())('judge queue on a three-node NATS cluster', () => {
  let cluster: NatsCluster;
  let bed: JudgeQueueTestbed;
  let dataDir: string;
  let judge: ChildProcess | undefined;

  beforeAll(async () => {
    const tmp = path.join(repositoryRoot, '.tmp');
    cluster = await startNatsCluster(tmp);
    // The cluster is usable once JetStream has a meta leader: until then account info fails.
    const probe = await vi.waitFor(async () => connect({ ...natsConnectionOptions(cluster.url), timeout: 1_000 }), {
      timeout: 20_000,
      interval: 200,
    });
    const jsm = await jetstreamManager(probe, { checkAPI: false });
    await vi.waitFor(() => jsm.getAccountInfo(), { timeout: 20_000, interval: 200 });
    await probe.close();
    bed = await createJudgeQueueTestbed(inject('databaseUrl'), cluster.url, { replicas: 3, ackWaitMs: 2_000 });
    await mkdir(tmp, { recursive: true });
    dataDir = await mkdtemp(path.join(tmp, 'judge-cluster-'));
    await chmod(dataDir, 0o755);
  }, 60_000);

  afterAll(async () => {
    if (judge && judge.exitCode === null && judge.signalCode === null) judge.kill('SIGKILL');
    await bed?.close();
    await cluster?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps judging after the node leading the judge queue stream is killed', async () => {
    const info = await bed.jsm.streams.info(bed.queue.streamName);
    expect(info.config.num_replicas).toBe(3);

    const testCase = await storeAPlusBCase(createBlobStore(dataDir));
    const submit = () =>
      bed.submit({
        language: 'Python3',
        code: 'a, b = map(int, input().split())\nprint(a + b)\n',
        judge: someJudgeSettings({ timeLimitMs: 2_000, testCases: [testCase] }),
      });
    judge = spawnJudgeProcess({
      bed,
      natsUrl: cluster.url,
      dataDir,
      inherited: process.env,
      settings: { JUDGE_QUEUE_REPLICAS: '3', JUDGE_ACK_WAIT_MS: '2000', JUDGE_LANGUAGES: 'Python3' },
    });

    const first = await submit();
    const before = await bed.waitForStream(first.submissionId, (events) => judged(events).length > 0, 40_000);
    expect(judged(before)[0]?.data).toMatchObject({ status: 'AC' });

    const leader = (await bed.jsm.streams.info(bed.queue.streamName)).cluster?.leader;
    const victim = cluster.nodes.find((node) => node.name === leader);
    expect(victim, `stream leader ${leader}`).toBeDefined();
    await victim?.kill();

    const second = await submit();
    const after = await bed.waitForStream(second.submissionId, (events) => judged(events).length > 0, 40_000);
    expect(judged(after)).toHaveLength(1);
    expect(judged(after)[0]?.data).toMatchObject({ status: 'AC' });
    expect(judge.exitCode).toBeNull();
  }, 100_000);
});
