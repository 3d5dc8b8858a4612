const macrotaskPassed = Symbol('macrotask passed');

const nextMacrotask = (): Promise<typeof macrotaskPassed> =>
  new Promise((resolve) => setImmediate(() => resolve(macrotaskPassed)));

/**
 * Groups what a source has ready into batches of up to `maxSize`: everything it yields without waiting
 * for IO (a catch-up page) lands in one batch; a live event that arrives alone is a batch of one.
 */
export async function* microBatches<T>(
  source: AsyncIterable<T>,
  maxSize: number,
): AsyncGenerator<T[], void, undefined> {
  const iterator = source[Symbol.asyncIterator]();
  // A read may fail while the consumer is busy with the previous batch: mark it handled now (awaiting it
  // later still throws), so the failure reaches the consumer instead of crashing the process as unhandled.
  const readNext = (): Promise<IteratorResult<T>> => {
    const next = iterator.next();
    next.catch(() => undefined);
    return next;
  };
  let pending = readNext();
  try {
    for (;;) {
      const first = await pending;
      if (first.done) return;
      const batch = [first.value];
      pending = readNext();
      let isSourceDone = false;
      while (batch.length < maxSize) {
        const next = await Promise.race([pending, nextMacrotask()]);
        if (next === macrotaskPassed) break;
        if (next.done) {
          isSourceDone = true;
          break;
        }
        batch.push(next.value);
        pending = readNext();
      }
      yield batch;
      if (isSourceDone) return;
    }
  } finally {
    // The source may still be waiting on IO; its own close (subscription.close) ends that wait.
    void Promise.resolve(iterator.return?.()).catch(() => undefined);
  }
}
