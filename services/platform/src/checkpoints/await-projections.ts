import type pg from 'pg';

/** The projector's channel: it notifies after every checkpoint it commits (payload {projection, position, topics}). */
export const readModelChangedChannel = 'read_model_changed';

export interface AwaitProjectionsOptions {
  /** Give up after this long and let the caller answer anyway (read-your-writes is best effort). Default 3 s. */
  readonly timeoutMs?: number;
  /** Wait for these projections only; default: every row of projection_checkpoints. */
  readonly projections?: readonly string[];
  /**
   * Wait only for the projections that handle one of these event types (the types a command appended), as
   * their checkpoint rows record them; a row without types (written before the projector recorded them) is
   * waited for. Default: every projection. A stalled projection that handles none of them delays nobody.
   */
  readonly eventTypes?: readonly string[];
}

const defaultTimeoutMs = 3000;
/** NOTIFY wakes us; this re-check only guards against a notification lost with a dropped connection. */
const recheckMs = 500;

/**
 * Read-your-writes for the command side: resolves once every projection's checkpoint (or every one that
 * handles `eventTypes`) is at or past `position`, or after the timeout. Listens on a pooled connection, so no
 * connection is opened per call.
 */
export async function awaitProjections(
  pool: pg.Pool,
  position: bigint,
  options: AwaitProjectionsOptions = {},
): Promise<void> {
  await checkpointsReached(pool, position, options);
}

/** Like awaitProjections, but says whether the checkpoints got there (true) or the wait timed out (false). */
export async function checkpointsReached(
  pool: pg.Pool,
  position: bigint,
  options: AwaitProjectionsOptions = {},
): Promise<boolean> {
  const deadline = Date.now() + (options.timeoutMs ?? defaultTimeoutMs);
  const client = await pool.connect();
  let wake: () => void = () => undefined;
  const onNotification = (): void => wake();
  client.on('notification', onNotification);
  try {
    await client.query(`LISTEN ${readModelChangedChannel}`);
    for (;;) {
      const woken = new Promise<void>((resolve) => (wake = resolve));
      if (await isReached(client, position, options)) return true;
      const remainingMs = deadline - Date.now();
      if (remainingMs <= 0) return false;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        woken,
        new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.min(remainingMs, recheckMs)))),
      ]);
      clearTimeout(timer);
    }
  } finally {
    client.removeListener('notification', onNotification);
    await client.query(`UNLISTEN ${readModelChangedChannel}`).catch(() => undefined);
    client.release();
  }
}

async function isReached(
  client: pg.PoolClient,
  position: bigint,
  { projections, eventTypes }: AwaitProjectionsOptions,
): Promise<boolean> {
  const { rows } = await client.query<{ behind: string; present: string }>(
    `SELECT count(*) FILTER (
         WHERE position < $1 AND ($3::text[] IS NULL OR event_types IS NULL OR event_types && $3::text[])
       ) AS behind, count(*) AS present
     FROM projection_checkpoints WHERE $2::text[] IS NULL OR name = ANY($2)`,
    [position.toString(), projections ?? null, eventTypes ?? null],
  );
  const row = rows[0];
  if (!row) return false;
  // A named projection that has no checkpoint row yet has not started: it is behind too.
  const isMissing = projections !== undefined && Number(row.present) < new Set(projections).size;
  return Number(row.behind) === 0 && !isMissing;
}
