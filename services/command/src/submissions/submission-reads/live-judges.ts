import { connect } from '@nats-io/transport-node';
import { defaultJudgeReportSubject, judgeDirectory, natsConnectionOptions, type JudgeDirectory } from '@oj/platform';

/**
 * The judges' reports heard over NATS (platform judge-report.ts), on the judges' JUDGE_REPORT_SUBJECT. The
 * connection is made on the first question, so the API starts, and keeps answering, while NATS is down.
 */
export function natsJudgeDirectory(
  natsUrl: string,
  subject = defaultJudgeReportSubject,
  name = 'oj-command',
): JudgeDirectory {
  return judgeDirectory({
    subject,
    connect: () => connect({ ...natsConnectionOptions(natsUrl), name, maxReconnectAttempts: -1 }),
  });
}
