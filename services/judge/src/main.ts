import path from 'node:path';
import { createBlobStore, createLogger, serveWorkerHealth } from '@oj/platform';
import { compileChecker } from './compile-service/compile-checker';
import { loadJudgeConfig, loadWorkerConfig } from './config';
import { startLanguageVerification } from './languages/language-verification';
import { languageCatalogue } from './languages/registry';
import { createSandbox } from './sandbox/create-sandbox';
import type { JudgeAttempt } from './worker/judge-attempt';
import { startJudgeProcess } from './worker/judge-process';
import { pipelineJudge } from './worker/pipeline-judge';
import { slotPlan } from './queue/slot-plan';
import { testRunJudge, type TestRunJudge } from './test-runs/test-run-judge';

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
// Every language's self-test runs once, in the background; a task waits only for its own language's (issue 11).
let reportLanguages: () => void = () => undefined;
const catalogue = config.languages
  ? languageCatalogue.filter((language) => config.languages?.includes(language.name))
  : languageCatalogue;
const verification = startLanguageVerification({
  sandbox,
  workRoot: judgeConfig.workRoot,
  catalogue,
  onSettled: () => reportLanguages(),
});
void verification.done.then(() => {
  const { verified, unavailable } = verification.status();
  log.info({ verified, unavailable }, 'language self-tests finished');
});
const findLanguage = verification.verifiedLanguage;
const verifiedTestRun = testRunJudge({ sandbox, blobs, findLanguage, workRoot: judgeConfig.workRoot });
const testRun: TestRunJudge = async (request) => {
  await verification.settle(request.language);
  return verifiedTestRun(request);
};
const verifiedJudge = pipelineJudge({
  sandbox,
  blobs,
  findLanguage,
  workRoot: judgeConfig.workRoot,
  cacheDir,
  ...(plan.caseConcurrency === undefined ? {} : { caseConcurrency: plan.caseConcurrency }),
});
const judge: JudgeAttempt = async (input, progress) => {
  await verification.settle(input.submission.language);
  return verifiedJudge(input, progress);
};
const running = await startJudgeProcess({
  config,
  slots: plan.tasks,
  judge,
  testRun,
  languageStatus: () => verification.status(),
  // Same sandbox, blobs and program cache as judging: a checker compiled here is reused by the next submission.
  compileChecker: (request, checkerIncludes) => compileChecker({ sandbox, blobs, cacheDir }, request, checkerIncludes),
  log,
}).catch(async (error: unknown) => {
  log.error({ err: error }, 'judge process failed to start');
  await sandbox.close();
  process.exit(1);
});
reportLanguages = () => running.report();
const health = config.health
  ? await serveWorkerHealth({ process: `judge:${config.workerName}`, ...config.health, checks: running.checks })
  : undefined;

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
    void health?.close();
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
