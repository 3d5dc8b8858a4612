import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { JudgeQueueTestbed } from '../../queue/testing/judge-queue-testbed';

export const repositoryRoot = path.resolve(import.meta.dirname, '../../../../..');
const mainEntry = path.join(repositoryRoot, 'services/judge/src/main.ts');

export interface JudgeProcessOptions {
  readonly bed: JudgeQueueTestbed;
  readonly natsUrl: string;
  readonly dataDir: string;
  /** The test's own environment (PATH and the like), beneath every judge setting. */
  readonly inherited: NodeJS.ProcessEnv;
  /** Judge settings added to, or overriding, the testbed's. */
  readonly settings: Readonly<Record<string, string>>;
}

/**
 * Starts the judge's main.ts as its own process (JUDGE_WORKERS=1) on the testbed's database and queue,
 * so a test sees what a deployment runs.
 */
export function spawnJudgeProcess({ bed, natsUrl, dataDir, inherited, settings }: JudgeProcessOptions): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', mainEntry], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      DATABASE_URL: bed.database.url,
      NATS_URL: natsUrl,
      JUDGE_QUEUE_STREAM: bed.queue.streamName,
      JUDGE_QUEUE_SUBJECT: bed.queue.subject,
      JUDGE_QUEUE_CONSUMER: bed.queue.consumerName,
      JUDGE_WORKERS: '1',
      // The self-tests of the whole catalogue cost ~35 s of CPU at start; these tests judge only these.
      JUDGE_LANGUAGES: 'C,C++,Python3',
      LOG_LEVEL: 'warn',
      ...settings,
    },
  });
}
