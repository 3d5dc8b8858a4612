import { describe, expect, it } from 'vitest';
import type { Sandbox, SandboxRunRequest, SandboxRunResult } from '../sandbox/sandbox';
import {
  capturedText,
  pooledBackendIsPresent,
  usePooledSandbox,
} from '../sandbox/pooled/testing/pooled-sandbox-fixture';
import { createRunGate } from './run-gate';

/** The real pooled sandbox, recording how many requests each call carried. */
function recording(inner: Sandbox) {
  const calls: string[] = [];
  const sandbox: Sandbox = {
    ...inner,
    run: (request) => {
      calls.push('run');
      return inner.run(request);
    },
    runBatch: (requests, onResult) => {
      calls.push(`batch of ${requests.length}`);
      return inner.runBatch(requests, onResult);
    },
  };
  return { sandbox, calls };
}

describe.skipIf(!pooledBackendIsPresent)('createRunGate (one lane batch of case judges)', () => {
  const pooled = usePooledSandbox();
  const echo = (text: string): SandboxRunRequest => pooled.shell(`echo ${text}`);

  it('sends the first run of every case judge as one batch, in index order, and resolves each with its own result', async () => {
    const { sandbox, calls } = recording(pooled.sandbox);
    const gate = createRunGate(sandbox, 3);
    // Started in reverse: the batch still runs them in index order.
    const runs = [2, 1, 0].map((index) => gate.sandboxOf(index).run(echo(`case-${index}`)));
    const [third, second, first] = await Promise.all(runs);
    expect([first, second, third].map((result) => capturedText(result?.stdout))).toEqual([
      'case-0\n',
      'case-1\n',
      'case-2\n',
    ]);
    expect(calls).toEqual(['batch of 3']);
  });

  it('stops waiting for a case judge that ends without running, and lets a later run through on its own', async () => {
    const { sandbox, calls } = recording(pooled.sandbox);
    const gate = createRunGate(sandbox, 3);
    const first = gate.sandboxOf(0).run(echo('zero'));
    const third = gate.sandboxOf(2).run(echo('two'));
    expect(calls).toEqual([]);
    gate.ended(1);
    expect(capturedText((await first).stdout)).toBe('zero\n');
    expect(capturedText((await third).stdout)).toBe('two\n');
    const again: SandboxRunResult = await gate.sandboxOf(0).run(echo('checker'));
    expect(capturedText(again.stdout)).toBe('checker\n');
    expect(calls).toEqual(['batch of 2', 'run']);
  });

  it('rejects the runs of a failed batch that had not reported, with its error', async () => {
    const failing: Sandbox = {
      ...pooled.sandbox,
      runBatch: async (requests, onResult) => {
        await pooled.sandbox.runBatch(requests.slice(0, 1), onResult);
        throw new Error('The slot was lost');
      },
    };
    const gate = createRunGate(failing, 2);
    const [first, second] = [gate.sandboxOf(0).run(echo('one')), gate.sandboxOf(1).run(echo('two'))];
    expect(capturedText((await first).stdout)).toBe('one\n');
    await expect(second).rejects.toThrow('The slot was lost');
  });
});
