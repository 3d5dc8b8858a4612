import { connect, RequestError, TimeoutError, type NatsConnection } from '@nats-io/transport-node';
import {
  compileCheckerReplySchema,
  compileCheckerRequestSchema,
  type CompileCheckerReply,
  type CompileCheckerRequest,
} from '@oj/events';
import { natsConnectionOptions } from '@oj/platform';

/** What a compile call can end with: a judge's answer, or no judge answering at all. */
export type CompileCheckerOutcome = CompileCheckerReply | { readonly ok: 'no-judge' };

export interface CompileCheckerClient {
  compile(request: CompileCheckerRequest): Promise<CompileCheckerOutcome>;
  close(): Promise<void>;
}

export interface CompileCheckerClientOptions {
  readonly natsUrl: string;
  /** The judges' compile subject (their JUDGE_COMPILE_SUBJECT). */
  readonly subject: string;
  /** A C++ compile may take 30 s of wall time, and the judge may first wait for a free sandbox slot. */
  readonly timeoutMs?: number;
}

export const defaultCompileCheckerSubject = 'judge.compile-checker';

/**
 * Asks whichever judge process is free to compile (NATS request/reply to the judges' queue group). The
 * connection is made on the first call, so the API starts, and keeps answering, while NATS is down.
 */
export function natsCompileCheckerClient(options: CompileCheckerClientOptions): CompileCheckerClient {
  let connection: Promise<NatsConnection> | undefined;
  const connected = () =>
    (connection ??= connect({
      ...natsConnectionOptions(options.natsUrl),
      name: 'oj-command',
      maxReconnectAttempts: -1,
    }).catch((error: unknown) => {
      connection = undefined;
      throw error;
    }));
  return {
    async compile(request) {
      const payload = JSON.stringify(compileCheckerRequestSchema.parse(request));
      let nats: NatsConnection;
      try {
        nats = await connected();
      } catch {
        return { ok: 'no-judge' };
      }
      try {
        const reply = await nats.request(options.subject, payload, { timeout: options.timeoutMs ?? 60_000 });
        return compileCheckerReplySchema.parse(reply.json());
      } catch (error) {
        // No judge subscribed, or none answered in time: HOJ's "no judge server available".
        if (error instanceof RequestError || error instanceof TimeoutError) return { ok: 'no-judge' };
        throw error;
      }
    },
    async close() {
      const pending = connection;
      connection = undefined;
      if (pending) await (await pending.catch(() => undefined))?.close();
    },
  };
}
