import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { compileCheckerRequestSchema, type CompileCheckerReply, type CompileCheckerRequest } from '@oj/events';

export interface CompileCheckerResponderOptions {
  readonly nats: NatsConnection;
  /** The judges' compile subject (JUDGE_COMPILE_SUBJECT); one queue group, so one judge answers each call. */
  readonly subject: string;
  readonly compile: (request: CompileCheckerRequest) => Promise<CompileCheckerReply>;
  readonly log: { error(fields: object, message: string): void };
}

export interface RunningResponder {
  /** Stops taking calls and waits for those in progress to be answered. */
  stop(): Promise<void>;
}

export const compileCheckerQueueGroup = 'judge-checker-compilers';

/** Answers compile-checker calls; every call gets a reply (a bad request or a judge failure is `ok: false`). */
export function startCompileCheckerResponder(options: CompileCheckerResponderOptions): RunningResponder {
  const inProgress = new Set<Promise<void>>();
  const subscription: Subscription = options.nats.subscribe(options.subject, {
    queue: compileCheckerQueueGroup,
    callback: (error, message) => {
      if (error) {
        options.log.error({ err: error }, 'compile-checker subscription failed');
        return;
      }
      const answered = answer(options, message.data).then((reply) => {
        message.respond(JSON.stringify(reply));
      });
      inProgress.add(answered);
      void answered.finally(() => inProgress.delete(answered));
    },
  });
  return {
    async stop() {
      subscription.unsubscribe();
      await Promise.allSettled([...inProgress]);
    },
  };
}

async function answer(options: CompileCheckerResponderOptions, data: Uint8Array): Promise<CompileCheckerReply> {
  let request: CompileCheckerRequest;
  try {
    request = compileCheckerRequestSchema.parse(JSON.parse(new TextDecoder().decode(data)));
  } catch {
    return { ok: false, message: 'The compile request is malformed.' };
  }
  try {
    return await options.compile(request);
  } catch (error) {
    options.log.error({ err: error }, 'compiling a checker failed');
    return { ok: false, message: `The judge could not compile the program: ${String(error)}` };
  }
}
