import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import { argon2idHasher, concurrencyLimit } from './argon2-password-hasher';

/** A task that runs until the test opens its gate, recording how many run at once. */
function gatedTasks() {
  let running = 0;
  let peak = 0;
  const gates: (() => void)[] = [];
  const task = async () => {
    running++;
    peak = Math.max(peak, running);
    await new Promise<void>((resolve) => gates.push(resolve));
    running--;
    return 'done';
  };
  const openOne = async () => {
    gates.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { task, openOne, peak: () => peak, started: () => gates.length };
}

describe('concurrencyLimit', () => {
  it('F8: runs at most two hashings at once and refuses past the queue with HTTP 429', async () => {
    const limited = concurrencyLimit({ concurrent: 2, waiting: 3 });
    const tasks = gatedTasks();
    const accepted = Array.from({ length: 5 }, () => limited(tasks.task));
    const refused = limited(tasks.task);
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ httpStatus: 429 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(tasks.started()).toBe(2);
    // A newcomer while a slot is being handed over still waits its turn.
    await tasks.openOne();
    const late = limited(tasks.task);
    for (let opened = 0; opened < 6; opened++) await tasks.openOne();
    expect(await Promise.all([...accepted, late])).toEqual(Array(6).fill('done'));
    expect(tasks.peak()).toBe(2);
  });
});

describe('argon2idHasher', () => {
  it('verifies through the limit: the right password matches, a wrong one or a malformed hash does not', async () => {
    const hasher = argon2idHasher({ memoryCost: 1024, timeCost: 1 }, { concurrent: 1, waiting: 4 });
    const hash = await hasher.hash('secret1');
    const answers = await Promise.all([
      hasher.verify(hash, 'secret1'),
      hasher.verify(hash, 'wrong'),
      hasher.verify('not-a-hash', 'secret1'),
    ]);
    expect(answers).toEqual([true, false, false]);
  });
});
