import {
  defaultJudgeReportSubject,
  judgeReportRequestSubject,
  judgeReportSchema,
  liveJudgeReports,
  type JudgeReport,
} from './judge-report';

/** The part of a NATS connection the directory uses (structural, so @oj/platform needs no NATS client). */
export interface JudgeReportLink {
  subscribe(
    subject: string,
    options: { callback: (error: Error | null, message: { readonly data: Uint8Array }) => void },
  ): { unsubscribe(): void };
  publish(subject: string, payload?: string): void;
  close(): Promise<void>;
}

export interface JudgeDirectory {
  /** The judges alive now; empty when none reported or NATS is unreachable. */
  liveReports(): Promise<JudgeReport[]>;
  close(): Promise<void>;
}

export interface JudgeDirectoryOptions {
  readonly connect: () => Promise<JudgeReportLink>;
  /** The judges' JUDGE_REPORT_SUBJECT; default judge.report. */
  readonly subject?: string;
  readonly now?: () => number;
  /**
   * How long the first call waits for the judges' answers to its request: they answer at once, so this only
   * bounds a slow network. Later calls answer from what the subscription has heard.
   */
  readonly settleMs?: number;
}

/**
 * Listens to the judges' reports (judge-report.ts). Connects on the first call, so a service starts, and keeps
 * answering, while NATS is down (then no judge is live and the callers fall back as documented).
 */
export function judgeDirectory(options: JudgeDirectoryOptions): JudgeDirectory {
  const now = options.now ?? Date.now;
  const reports = new Map<string, JudgeReport & { receivedAt: number }>();
  let listening: Promise<JudgeReportLink | null> | undefined;

  const listen = async (): Promise<JudgeReportLink | null> => {
    let link: JudgeReportLink;
    try {
      link = await options.connect();
    } catch {
      listening = undefined; // try again on the next call
      return null;
    }
    const subject = options.subject ?? defaultJudgeReportSubject;
    link.subscribe(subject, {
      callback: (error, message) => {
        if (error) return;
        try {
          const report = judgeReportSchema.parse(JSON.parse(new TextDecoder().decode(message.data)));
          reports.set(report.judgeServerName, { ...report, receivedAt: now() });
        } catch {
          // Not a report (another version of the judge): ignored rather than trusted.
        }
      },
    });
    link.publish(judgeReportRequestSubject(subject));
    await new Promise((resolve) => setTimeout(resolve, options.settleMs ?? 300));
    return link;
  };

  return {
    async liveReports() {
      await (listening ??= listen());
      return liveJudgeReports(reports.values(), now());
    },
    async close() {
      const link = await listening;
      await link?.close();
    },
  };
}
