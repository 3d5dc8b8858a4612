import path from 'node:path';
import { createLogger } from '@oj/platform';
import { compileChecker } from './compile-service/compile-checker';
import { loadJudgeConfig } from './config';
import { findLanguage } from './languages/registry';
import { createSandbox } from './sandbox/create-sandbox';
import { createBlobStore } from './test-data/blob-store';
import { loadWorkerConfig } from './worker/config';
import { startJudgeProcess } from './worker/judge-process';
import { pipelineJudge } from './worker/pipeline-judge';
import { slotPlan } from './worker/slot-plan';
import { testRunJudge } from './worker/test-run-judge';

// The judge worker process: JUDGE_WORKERS tasks pulling from the shared durable consumer (on at least two
// sandbox slots, so an interactive pair always fits), a dispatcher that leads or stands by, and the checker
// compile service. SIGINT/SIGTERM hand in-flight tasks straight back to the queue.
const configured = loadJudgeConfig();
const plan = slotPlan(configured.sandboxSlots);
const judgeConfig = { ...configured, sandboxSlots: plan.sandboxSlots };
const config = loadWorkerConfig();
const log = createLogger({ name: `judge:${config.workerName}`, level: config.logLevel });

const sandbox = await createSandbox(judgeConfig);
const blobs = createBlobStore(config.dataDir);
const cacheDir = path.join(judgeConfig.workRoot, 'judge-programs');
const testRun = testRunJudge({ sandbox, blobs, findLanguage, workRoot: judgeConfig.workRoot });
const judge = pipelineJudge({
  sandbox,
  blobs,
  findLanguage,
  workRoot: judgeConfig.workRoot,
  cacheDir,
  ...(plan.caseConcurrency === undefined ? {} : { caseConcurrency: plan.caseConcurrency }),
});
const running = await startJudgeProcess({
  config,
  slots: plan.tasks,
  judge,
  testRun,
  // Same sandbox, blobs and program cache as judging: a checker compiled here is reused by the next submission.
  compileChecker: (request, checkerIncludes) => compileChecker({ sandbox, blobs, cacheDir }, request, checkerIncludes),
  log,
}).catch(async (error: unknown) => {
  log.error({ err: error }, 'judge process failed to start');
  await sandbox.close();
  process.exit(1);
});

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
