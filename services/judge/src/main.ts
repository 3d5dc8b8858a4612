import path from 'node:path';
import { createLogger } from '@oj/platform';
import { loadJudgeConfig } from './config';
import { findLanguage } from './languages/registry';
import { createSandbox } from './sandbox/create-sandbox';
import { createBlobStore } from './test-data/blob-store';
import { loadWorkerConfig } from './worker/config';
import { startJudgeProcess } from './worker/judge-process';
import { pipelineJudge } from './worker/pipeline-judge';
import { testRunJudge } from './worker/test-run-judge';

// The judge worker process: JUDGE_WORKERS sandbox slots pulling from the shared durable consumer, plus a
// dispatcher that leads or stands by. SIGINT/SIGTERM hand in-flight tasks straight back to the queue.
const judgeConfig = loadJudgeConfig();
const config = loadWorkerConfig();
const log = createLogger({ name: `judge:${config.workerName}`, level: config.logLevel });

const sandbox = await createSandbox(judgeConfig);
const blobs = createBlobStore(config.dataDir);
const testRun = testRunJudge({ sandbox, blobs, findLanguage, workRoot: judgeConfig.workRoot });
const judge = pipelineJudge({
  sandbox,
  blobs,
  findLanguage,
  workRoot: judgeConfig.workRoot,
  cacheDir: path.join(judgeConfig.workRoot, 'judge-programs'),
});
const running = await startJudgeProcess({ config, slots: judgeConfig.sandboxSlots, judge, testRun, log }).catch(
  async (error: unknown) => {
    log.error({ err: error }, 'judge process failed to start');
    await sandbox.close();
    process.exit(1);
  },
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'judge process stopping');
    // Whatever hangs in shutdown, the process still ends; the queue redelivers anything left unacked.
    setTimeout(() => {
      log.error({}, 'judge process did not stop within 15 s; exiting anyway');
      process.exit(1);
    }, 15_000).unref();
    void running
      .stop()
      .then(() => sandbox.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'judge process did not stop cleanly');
          process.exit(1);
        },
      );
  });
}
