import { describe, expect, it, vi } from 'vitest';
import { memoryStackLog } from './stack-log';
import { defaultBackoff, nextRestart, supervise, type Incarnation } from './supervisor';

describe('nextRestart', () => {
  it('waits 0.5 s after a death, doubling up to 30 s while the process keeps dying', () => {
    const delays: number[] = [];
    let failures = 0;
    for (let death = 0; death < 9; death++) {
      const next = nextRestart(defaultBackoff, failures, 1000);
      delays.push(next.delayMs);
      failures = next.failures;
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('starts again from 0.5 s after a minute of health', () => {
    expect(nextRestart(defaultBackoff, 6, 60_000)).toEqual({ delayMs: 500, failures: 1 });
  });
});

/** A stand-in process: `die()` ends it as a crash would, `stop()` as its graceful stop does. */
function fakeProcess(pid: number) {
  let end: (code: number) => void = () => undefined;
  const exited = new Promise<number>((resolve) => {
    end = resolve;
  });
  let stops = 0;
  const incarnation: Incarnation & { die(): void; readonly stops: number } = {
    pid,
    exited,
    stop: async () => {
      stops += 1;
      end(0);
      return exited;
    },
    die: () => end(137),
    get stops() {
      return stops;
    },
  };
  return incarnation;
}

const fast = { initialMs: 1, maxMs: 4, resetAfterMs: 60_000 };

describe('supervise', () => {
  it('restarts a process that dies, and counts it', async () => {
    const first = fakeProcess(1);
    const second = fakeProcess(2);
    const supervision = supervise('worker', first, async () => second, { log: memoryStackLog(), backoff: fast });
    const restarted = supervision.nextStart();
    first.die();
    expect(await restarted).toBe(2);
    expect(supervision.pid).toBe(2);
    expect(supervision.restarts).toBe(1);
    expect(supervision.state).toBe('running');
    await supervision.stop();
    expect(second.stops).toBe(1);
    expect(supervision.state).toBe('stopped');
  });

  it('keeps trying when a restart fails, and gives up after maxConsecutiveFailures', async () => {
    const first = fakeProcess(1);
    let attempts = 0;
    const supervision = supervise(
      'postgres',
      first,
      async () => {
        attempts += 1;
        throw new Error('port in use');
      },
      { log: memoryStackLog(), backoff: fast, maxConsecutiveFailures: 3 },
    );
    first.die();
    await expect(supervision.gaveUp).rejects.toThrow(/3 restarts/);
    expect(attempts).toBe(3);
    await supervision.stop();
  });

  it('restarts nothing after holdRestarts (shutdown began) when the process dies, and still stops it', async () => {
    const first = fakeProcess(1);
    let started = 0;
    const supervision = supervise(
      'postgres',
      first,
      async () => {
        started += 1;
        return fakeProcess(2);
      },
      { log: memoryStackLog(), backoff: fast },
    );
    vi.useFakeTimers();
    try {
      supervision.holdRestarts();
      first.die();
      // Well past the backoff: without the hold the process would have been started again by now.
      await vi.advanceTimersByTimeAsync(100);
      expect(started).toBe(0);
      expect(supervision.state).not.toBe('running');
    } finally {
      vi.useRealTimers();
    }
    await supervision.stop();
    expect(supervision.restarts).toBe(0);
  });

  it('restarts at once, without waiting out its backoff, when told a dependency is back (retryNow)', async () => {
    const first = fakeProcess(1);
    const supervision = supervise('projector', first, async () => fakeProcess(2), {
      log: memoryStackLog(),
      backoff: { initialMs: 60_000, maxMs: 60_000, resetAfterMs: 60_000 },
    });
    const restarted = supervision.nextStart();
    first.die();
    await first.exited;
    // The supervisor is now in its 60 s pause; a dependency coming back cuts it short.
    await Promise.resolve();
    supervision.retryNow();
    expect(await restarted).toBe(2);
    await supervision.stop();
  });

  it('restarts nothing once stopped, even when the process was already dead', async () => {
    const first = fakeProcess(1);
    let started = 0;
    const supervision = supervise(
      'nats',
      first,
      async () => {
        started += 1;
        return fakeProcess(2);
      },
      { log: memoryStackLog(), backoff: { ...fast, initialMs: 60_000 } },
    );
    first.die();
    // Stopped during the backoff pause: the pause ends at once and nothing is started.
    await supervision.stop();
    expect(started).toBe(0);
    expect(supervision.state).toBe('stopped');
  });
});
