import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

export interface JudgeQueueSettings {
  readonly natsUrl: string;
  /** The judge's work-queue stream and durable consumer (services/judge judge-queue.ts defaults). */
  readonly streamName: string;
  readonly consumerName: string;
}

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
    connection = await connect({ servers: settings.natsUrl, timeout: 2000, reconnect: false });
    const manager = await jetstreamManager(connection, { timeout: 2000 });
    const info = await manager.consumers.info(settings.streamName, settings.consumerName);
    return {
      natsVersion: connection.info?.version ?? 'unknown',
      queueDepth: info.num_pending,
      judging: info.num_ack_pending,
      idleSlots: info.num_waiting,
    };
  } catch {
    return null;
  } finally {
    await connection?.close().catch(() => undefined);
  }
}
