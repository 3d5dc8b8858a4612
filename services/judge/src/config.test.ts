import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '@oj/platform';
import { loadJudgeConfig, loadWorkerConfig } from './config';

describe('loadJudgeConfig', () => {
  it('lets auto pick the pooled bubblewrap backend unless JUDGE_SANDBOX_POOLED=false', () => {
    expect(loadJudgeConfig({}).sandboxPooled).toBe(true);
    expect(loadJudgeConfig({ JUDGE_SANDBOX_POOLED: 'true' }).sandboxPooled).toBe(true);
    expect(loadJudgeConfig({ JUDGE_SANDBOX_POOLED: 'false' }).sandboxPooled).toBe(false);
  });

  it('refuses a JUDGE_SANDBOX_POOLED that is neither true nor false, naming the variable', () => {
    expect(() => loadJudgeConfig({ JUDGE_SANDBOX_POOLED: 'yes' })).toThrow(/JUDGE_SANDBOX_POOLED/);
  });
});

describe('loadWorkerConfig', () => {
  it('fills the queue defaults and names the worker after the host when unnamed', () => {
    const config = loadWorkerConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1/oj' });

    expect(config.queue).toMatchObject({
      streamName: 'JUDGE',
      subject: 'judge.submissions',
      consumerName: 'judge-workers',
    });
    expect(config.natsUrl).toBe('nats://127.0.0.1:4222');
    expect(config.runsDispatcher).toBe(true);
    expect(config.workerName).toMatch(/-\d+$/);
  });

  it('takes the queue names and timings a test stack passes', () => {
    const config = loadWorkerConfig({
      DATABASE_URL: 'postgres://u:p@127.0.0.1/oj',
      JUDGE_QUEUE_STREAM: 'JUDGE_ab12',
      JUDGE_QUEUE_SUBJECT: 'judge.ab12.submissions',
      JUDGE_QUEUE_CONSUMER: 'judge-workers-ab12',
      JUDGE_ACK_WAIT_MS: '2000',
      JUDGE_DISPATCHER: 'off',
      JUDGE_WORKER_NAME: 'judge-3',
    });

    expect(config.queue).toMatchObject({
      streamName: 'JUDGE_ab12',
      consumerName: 'judge-workers-ab12',
      ackWaitMs: 2000,
    });
    expect(config).toMatchObject({ runsDispatcher: false, workerName: 'judge-3' });
  });

  it('replicates the judge queue stream JUDGE_QUEUE_REPLICAS times (1 on a single server, 3 on a cluster)', () => {
    expect(loadWorkerConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1/oj' }).queue.replicas).toBe(1);
    const clustered = loadWorkerConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1/oj', JUDGE_QUEUE_REPLICAS: '3' });

    expect(clustered.queue.replicas).toBe(3);
    expect(() => loadWorkerConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1/oj', JUDGE_QUEUE_REPLICAS: '0' })).toThrow(
      /JUDGE_QUEUE_REPLICAS/,
    );
  });

  it('lists every bad variable at once', () => {
    const bad = () => loadWorkerConfig({ DATABASE_URL: 'mysql://x', JUDGE_ACK_WAIT_MS: '-5' });

    expect(bad).toThrow(ConfigurationError);
    expect(bad).toThrow(/DATABASE_URL[\s\S]*JUDGE_ACK_WAIT_MS/);
  });
});
