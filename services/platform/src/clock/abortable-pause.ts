/**
 * Waits `ms`, or less when `signal` aborts first; never rejects. A signal that aborted before the call ends the wait
 * at once: an abort event fires once, so a listener added after it would wait out the whole pause.
 */
export function abortablePause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Resolves when `signal` aborts, at once if it already has: what keeps a supervised worker alive until it is told
 * to stop. (A stop that came while the process was still starting had fired its event before anyone listened: the
 * projector then waited for its supervisor's kill.)
 */
export function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
