import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  exampleTalliesProjection,
  exampleTalliesSnapshot,
  nonIdempotentTalliesProjection,
} from './example-tallies.fixture';
import { expectDuplicateDeliveryChangesNothing, expectIncrementalEqualsRebuild } from './projection-properties';
import type { TestEvent } from './projection-testbed';
import { useExampleTalliesTestbed } from './runner-harness';

const tallyEvents: fc.Arbitrary<readonly TestEvent[]> = fc.array(
  fc.record({
    stream: fc.constantFrom('tally-a', 'tally-b', 'tally-c'),
    type: fc.constantFrom('Counted', 'Counted', 'Reset', 'Ignored'),
    data: fc.constant({}),
  }),
  { maxLength: 12 },
);

const someEvents: TestEvent[] = [
  { stream: 'tally-a', type: 'Counted', data: {} },
  { stream: 'tally-a', type: 'Counted', data: {} },
  { stream: 'tally-b', type: 'Counted', data: {} },
  { stream: 'tally-a', type: 'Reset', data: {} },
  { stream: 'tally-a', type: 'Counted', data: {} },
];

describe('projection test helpers (example-tallies, not registered)', () => {
  const testbed = useExampleTalliesTestbed();

  it('runs a projection to the head of a real store', async () => {
    const head = await testbed.append(someEvents);
    expect(await testbed.runToHead(exampleTalliesProjection, { batchSize: 2 })).toBe(head);
    expect(await exampleTalliesSnapshot(testbed.db)).toEqual([
      { stream: 'tally-a', tally: 1, last_revision: '3' },
      { stream: 'tally-b', tally: 1, last_revision: '0' },
    ]);
  });

  it('passes an idempotent projection through the duplicate-delivery check', async () => {
    await expectDuplicateDeliveryChangesNothing(testbed, exampleTalliesProjection, someEvents, exampleTalliesSnapshot);
  });

  it('fails a projection that counts a duplicate delivery twice', async () => {
    await expect(
      expectDuplicateDeliveryChangesNothing(
        testbed,
        nonIdempotentTalliesProjection,
        someEvents,
        exampleTalliesSnapshot,
      ),
    ).rejects.toThrow(/delivered twice/);
  });

  it('finds incremental rows equal to rebuilt rows for any history', async () => {
    await expectIncrementalEqualsRebuild(testbed, exampleTalliesProjection, tallyEvents, exampleTalliesSnapshot, {
      numRuns: 10,
    });
  });
});
