import { hostname } from 'node:os';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { judgeReportIntervalMs, judgeReportRequestSubject, machineLoad, type JudgeReport } from '@oj/platform';
import type { LanguageStatus } from '../languages/language-verification';

export interface JudgeReporterOptions {
  readonly nats: NatsConnection;
  readonly judgeServerName: string;
  /** JUDGE_REPORT_SUBJECT. */
  readonly subject: string;
  /** Submissions judged at once. */
  readonly maxTaskNum: number;
  readonly languages: () => LanguageStatus;
  readonly intervalMs?: number;
  readonly now?: () => Date;
}

export interface RunningJudgeReporter {
  /** Publishes the report now (a self-test just finished). */
  publish(): void;
  /** Publishes a last report with `stopping: true`, so the site stops counting this judge at once. */
  stop(): Promise<void>;
}

/**
 * The version in the report. The workspace packages carry no version, so it names the program and its runtime
 * (HOJ's judge-server shows its own release here; its client only displays the text).
 */
const judgeVersion = `oj-judge (Node.js ${process.versions.node})`;

/**
 * Tells the site this judge is alive and which languages it verified (platform judge-report.ts): on a timer,
 * when asked, and when a self-test finishes.
 */
export function startJudgeReporter(options: JudgeReporterOptions): RunningJudgeReporter {
  const now = options.now ?? (() => new Date());
  const startedAt = now().toISOString();
  const report = (stopping: boolean): JudgeReport => {
    const status = options.languages();
    return {
      judgeServerName: options.judgeServerName,
      version: judgeVersion,
      host: hostname(),
      startedAt,
      reportedAt: now().toISOString(),
      stopping,
      ...machineLoad(),
      maxTaskNum: options.maxTaskNum,
      languages: [...status.verified],
      verifying: [...status.verifying],
      unavailable: [...status.unavailable],
    };
  };
  let stopped = false;
  const publish = () => {
    if (stopped || options.nats.isClosed()) return;
    options.nats.publish(options.subject, JSON.stringify(report(false)));
  };
  const requests: Subscription = options.nats.subscribe(judgeReportRequestSubject(options.subject), {
    callback: () => publish(),
  });
  const timer = setInterval(publish, options.intervalMs ?? judgeReportIntervalMs);
  timer.unref();
  publish();
  return {
    publish,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      requests.unsubscribe();
      if (options.nats.isClosed()) return;
      options.nats.publish(options.subject, JSON.stringify(report(true)));
      await options.nats.flush();
    },
  };
}
