import { loadStackConfig, StackConfigError, type StackConfig } from './config';
import { handleShutdownSignals } from './signals';
import { startStack, type RunningStack } from './stack';
import { consoleStackLog } from './stack-log';

// `npm start` (via scripts/start.sh): the whole stack in the foreground until SIGINT/SIGTERM.
const log = consoleStackLog();

let config: StackConfig;
try {
  config = loadStackConfig();
} catch (error) {
  log.error('config', error instanceof StackConfigError ? error.message : String(error));
  process.exit(2);
}

// Loaded (its exit hooks stripped) before our handlers go in; signals.ts keeps only ours in any case.
if (config.databaseUrl === undefined) await (await import('@oj/platform/testing')).loadEmbeddedPostgres();

// The API lives in this process: a rejection some client library leaves unhandled while a dependency restarts
// must not take it down (Node's default is to exit). It is logged; requests go on (issue 14).
process.on('unhandledRejection', (reason) => {
  log.error(
    'stack',
    `unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`,
  );
});

let stack: RunningStack | undefined;
let stopRequested = false;

const shutdown = async (reason: string, exitCode: number): Promise<never> => {
  log.info('stack', `stopping (${reason})`);
  try {
    await stack?.stop();
    log.info('stack', 'stopped');
  } catch (error) {
    log.error('stack', `stop failed: ${String(error)}`);
    exitCode = exitCode || 1;
  }
  process.exit(exitCode);
};

const signals = handleShutdownSignals((signal) => {
  stopRequested = true;
  if (stack) void shutdown(signal, 0);
  else log.info('stack', `${signal} received; stopping once start-up finishes`);
});

try {
  stack = await startStack(config, { log });
} catch (error) {
  const detail = error instanceof Error ? (config.logLevel === 'debug' ? error.stack : error.message) : String(error);
  log.error('stack', `start failed: ${detail} (LOG_LEVEL=debug shows where)`);
  process.exit(1);
}
signals.reclaim();
if (stopRequested) await shutdown('signal during start-up', 0);

log.info('stack', `OJ is running at ${stack.baseUrl} (data in ${stack.dataDir}); press Ctrl-C to stop`);
stack.failed.catch((error: unknown) => shutdown(error instanceof Error ? error.message : String(error), 1));
