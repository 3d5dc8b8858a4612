import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { createEventStore, siteStream, type CompileCheckerReply, type CompileCheckerRequest } from '@oj/events';
import {
  createPool,
  databaseCheck,
  natsCheck,
  natsConnectionOptions,
  type Logger,
  type WorkerCheck,
} from '@oj/platform';
import { startCompileCheckerResponder, type RunningResponder } from '../compile-service/compile-checker-responder';
import type { WorkerConfig } from '../config';
import { startDispatcher, type RunningDispatcher } from '../dispatch/dispatcher';
import type { JudgeAttempt } from './judge-attempt';
import { startJudgeReporter } from './judge-reporter';
import type { LanguageStatus } from '../languages/language-verification';
import { ensureJudgeQueue } from '../queue/judge-queue';
import { startJudgeWorker } from './judge-worker';
import { foldCheckerIncludes } from './site-checker-includes.state';
import type { TestRunJudge } from '../test-runs/test-run-judge';

/** Compiles an admin's checker or interactor with the given site-wide includes (name → blob hash). */
export type CompileCheckerCall = (
  request: CompileCheckerRequest,
  checkerIncludes: Readonly<Record<string, string>>,
) => Promise<CompileCheckerReply>;

export interface JudgeProcessOptions {
  readonly config: WorkerConfig;
  /** Tasks judged at once: the sandbox slots of this process (JUDGE_WORKERS). */
  readonly slots: number;
  readonly judge: JudgeAttempt;
  /** Runs test runs on custom input (judging.md §8). */
  readonly testRun?: TestRunJudge;
  /** Answers compile-spj / compile-interactive calls on `config.compileSubject`; without it, none. */
  readonly compileChecker?: CompileCheckerCall;
  readonly log: Logger;
  /** Which languages this judge has verified so far; reported to the site (platform judge-report.ts). */
  readonly languageStatus: () => LanguageStatus;
}

export interface RunningJudgeProcess {
  /** Reports this judge's languages at once (a self-test just finished). */
  report(): void;
  /** What its readiness probe checks: the event store's PostgreSQL and the NATS connection tasks come by. */
  readonly checks: Readonly<Record<'database' | 'nats', WorkerCheck>>;
  /** In-flight tasks go straight back to the queue; connections close. */
  stop(): Promise<void>;
}

/**
 * Everything a judge process runs besides the sandbox: the queue topology, the worker slots and, unless
 * turned off, a dispatcher (standing by while another process leads).
 */
export async function startJudgeProcess(options: JudgeProcessOptions): Promise<RunningJudgeProcess> {
  const { config, log } = options;
  const store = await createEventStore({ databaseUrl: config.databaseUrl, eventStoreUrl: config.eventStoreUrl });
  const pool = createPool(config.databaseUrl, { max: 2, applicationName: `oj-judge-${config.workerName}` });
  let nats: NatsConnection | undefined;
  try {
    nats = await connect({
      ...natsConnectionOptions(config.natsUrl),
      name: config.workerName,
      maxReconnectAttempts: -1,
    });
    await ensureJudgeQueue(await jetstreamManager(nats), config.queue);
    const js = jetstream(nats);
    const worker = await startJudgeWorker({
      js,
      queue: config.queue,
      slots: options.slots,
      retryBackoff: config.retryBackoff,
      ...(options.testRun ? { testRun: options.testRun } : {}),
      handler: {
        store,
        judge: options.judge,
        judger: config.workerName,
        judgingDeliveries: config.queue.judgingDeliveries,
        now: () => new Date(),
        log,
      },
    });
    const dispatcher: RunningDispatcher | undefined = config.runsDispatcher
      ? startDispatcher({ store, pool, js, queue: config.queue, log })
      : undefined;
    const compileChecker = options.compileChecker;
    const compiler: RunningResponder | undefined = compileChecker
      ? startCompileCheckerResponder({
          nats,
          subject: config.compileSubject,
          compile: async (request) => compileChecker(request, foldCheckerIncludes(await store.readStream(siteStream))),
          log,
        })
      : undefined;
    const reporter = startJudgeReporter({
      nats,
      judgeServerName: config.workerName,
      subject: config.reportSubject,
      maxTaskNum: options.slots,
      languages: options.languageStatus,
    });
    log.info({ slots: options.slots, dispatcher: config.runsDispatcher }, 'judge process ready');
    const connection = nats;
    return {
      report: () => reporter.publish(),
      checks: { database: databaseCheck(pool), nats: natsCheck(connection) },
      async stop() {
        await reporter.stop().catch(() => undefined);
        await Promise.all([worker.stop(), dispatcher?.stop(), compiler?.stop()]);
        await connection.drain();
        await Promise.all([store.close(), pool.end()]);
      },
    };
  } catch (error) {
    await nats?.close();
    await Promise.all([store.close(), pool.end()]);
    throw error;
  }
}
