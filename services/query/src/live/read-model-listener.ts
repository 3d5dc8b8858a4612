import { createPool, readModelChangedChannel, readModelChangeSchema, type ReadModelChange } from '@oj/platform';

export interface ReadModelListener {
  /** Resolves once LISTEN is in place (pushes from then on are seen). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

export interface ReadModelListenerOptions {
  readonly databaseUrl: string;
  readonly onChange: (change: ReadModelChange) => void;
  readonly onError: (error: unknown) => void;
  /** Pause before reconnecting after the connection dropped. */
  readonly retryMs?: number;
}

/**
 * Holds one connection LISTENing to the projector's read_model_changed notifications, reconnecting when it
 * drops. A change missed while reconnecting only delays a push: clients keep polling, as the spec's client does.
 */
export function listenToReadModels(options: ReadModelListenerOptions): ReadModelListener {
  const pool = createPool(options.databaseUrl, { max: 1, applicationName: 'oj-query-live' });
  pool.on('error', options.onError);
  let isClosed = false;
  let current: { end(): Promise<void> } | null = null;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const connect = async (): Promise<void> => {
    while (!isClosed) {
      try {
        const client = await pool.connect();
        current = client;
        const dropped = new Promise<void>((resolve) => {
          client.on('error', (error) => {
            options.onError(error);
            resolve();
          });
          client.on('end', () => resolve());
        });
        client.on('notification', (message) => {
          const parsed = readModelChangeSchema.safeParse(safeJson(message.payload));
          if (parsed.success) options.onChange(parsed.data);
        });
        await client.query(`LISTEN ${readModelChangedChannel}`);
        markReady();
        await dropped;
        current = null;
        client.release(true);
      } catch (error) {
        if (!isClosed) options.onError(error);
      }
      if (!isClosed) await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? 1000));
    }
  };
  const running = connect();

  return {
    ready,
    async close() {
      isClosed = true;
      markReady();
      await current?.end().catch(() => undefined);
      await running;
      await pool.end();
    },
  };
}

function safeJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return null;
  }
}
