import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ChildSpec } from './child-process';
import type { StackConfig } from './config';
import type { StackLog } from './stack-log';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const projectorEntry = 'services/projector/src/main.ts';
const judgeEntry = 'services/judge/src/main.ts';

/**
 * The separate processes of DESIGN.md: one projector and JUDGE_WORKERS judge workers. An entry point that
 * has not been written yet is skipped with a log line instead of failing the whole stack.
 */
export function workerProcesses(
  config: StackConfig,
  env: Readonly<Record<string, string>>,
  log: StackLog,
): readonly ChildSpec[] {
  const specs: ChildSpec[] = [];
  if (isPresent(projectorEntry)) specs.push({ name: 'projector', entry: projectorEntry, env });
  else log.warn('projector', `projector not built yet (${projectorEntry} is missing): read models will not update`);

  if (config.judgeWorkers === 0) log.info('judge', 'JUDGE_WORKERS=0: no judge worker started');
  else if (!isPresent(judgeEntry)) log.warn('judge', `judge worker not built yet (${judgeEntry} is missing)`);
  else if (!env.NATS_URL) log.warn('judge', 'no NATS_URL and no nats-server: judge workers not started');
  else {
    for (let index = 1; index <= config.judgeWorkers; index++) {
      // One task per process: JUDGE_WORKERS counts tasks in services/judge and processes here, so the machine
      // judges JUDGE_WORKERS submissions at once either way, and a crash takes down one task only. Each process
      // still claims two sandbox slots, for an interactive case's pair (services/judge/src/worker/slot-plan.ts).
      const workerEnv = {
        ...env,
        JUDGE_WORKERS: '1',
        JUDGE_WORKER_NAME: `judge-${index}`,
        JUDGE_COMPILE_SUBJECT: judgeCompileSubject(env),
        JUDGE_REPORT_SUBJECT: judgeReportSubject(env),
      };
      specs.push({ name: `judge-${index}`, entry: judgeEntry, env: workerEnv });
    }
  }
  return specs;
}

function isPresent(entry: string): boolean {
  return existsSync(path.join(repositoryRoot, entry));
}

/**
 * The subject the judges answer compile-spj / compile-interactive on, and the API asks: JUDGE_COMPILE_SUBJECT,
 * else one per judge queue, so stacks sharing a nats-server (the e2e tests) never answer each other's calls.
 */
export function judgeCompileSubject(env: Readonly<Record<string, string | undefined>>): string {
  if (env.JUDGE_COMPILE_SUBJECT) return env.JUDGE_COMPILE_SUBJECT;
  const queueSubject = env.JUDGE_QUEUE_SUBJECT;
  return queueSubject && queueSubject !== 'judge.submissions'
    ? `${queueSubject}.compile-checker`
    : 'judge.compile-checker';
}

/**
 * The subject the judges report on (alive, languages verified) and the API listens to: JUDGE_REPORT_SUBJECT, else
 * one per judge queue as above, so a stack never counts another stack's judges.
 */
export function judgeReportSubject(env: Readonly<Record<string, string | undefined>>): string {
  if (env.JUDGE_REPORT_SUBJECT) return env.JUDGE_REPORT_SUBJECT;
  const queueSubject = env.JUDGE_QUEUE_SUBJECT;
  return queueSubject && queueSubject !== 'judge.submissions' ? `${queueSubject}.report` : 'judge.report';
}
