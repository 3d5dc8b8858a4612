import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { natsConnectionOptions } from '@oj/platform';

export interface JudgeQueueSettings {
  readonly natsUrl: string;
  /** The judge's work-queue stream and its normal queue's durable consumer (services/judge judge-queue.ts). */
  readonly streamName: string;
  readonly consumerName: string;
}

/** The contest queue's consumer, named after the normal one as services/judge judge-queue.ts queueNames does. */
const contestConsumerName = (consumerName: string): string => `${consumerName}-contest`;

export const defaultJudgeQueueNames = { streamName: 'JUDGE', consumerName: 'judge-workers' } as const;

export interface JudgeQueueFigures {
  readonly natsVersion: string;
  readonly queueDepth: number;
  readonly judging: number;
  readonly idleSlots: number;
}

/** One short-lived connection per call: the page is opened rarely, and a dead server must not hang it. */
export async function probeJudgeQueue(settings: JudgeQueueSettings): Promise<JudgeQueueFigures | null> {
  let connection: Awaited<ReturnType<typeof connect>> | null = null;
  try {
    connection = await connect({ ...natsConnectionOptions(settings.natsUrl), timeout: 2000, reconnect: false });
    const manager = await jetstreamManager(connection, { timeout: 2000 });
    const [normal, contest] = await Promise.all([
      manager.consumers.info(settings.streamName, settings.consumerName),
      // A judge that predates the contest queue has no such consumer: nothing waits there.
      manager.consumers.info(settings.streamName, contestConsumerName(settings.consumerName)).catch(() => null),
    ]);
    const both = contest ? [normal, contest] : [normal];
    const total = (figure: (info: (typeof both)[number]) => number) =>
      both.reduce((sum, info) => sum + figure(info), 0);
    return {
      natsVersion: connection.info?.version ?? 'unknown',
      queueDepth: total((info) => info.num_pending),
      judging: total((info) => info.num_ack_pending),
      // An idle slot has one pull waiting, on whichever queue it is asking.
      idleSlots: total((info) => info.num_waiting),
    };
  } catch {
    return null;
  } finally {
    await connection?.close().catch(() => undefined);
  }
}
