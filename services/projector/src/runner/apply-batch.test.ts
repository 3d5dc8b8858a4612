import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@oj/events';
import type { Database } from '@oj/read-models';
import { applyEvents } from './apply-batch';
import type { Projection } from './projection';

const eventOf = (type: string, position: bigint): RecordedEvent => ({
  id: `e${position}`,
  stream: 'tally-a',
  type,
  data: {},
  metadata: {},
  revision: position,
  position,
  recordedAt: '2026-01-10T10:00:00.000Z',
});

/** applyEvents never reaches the database itself; the projections below do not either. */
const noDatabase = {} as Kysely<Database>;

describe('applyEvents', () => {
  const events = [eventOf('Counted', 1n), eventOf('Other', 2n), eventOf('Counted', 3n)];

  it('hands a projection with applyBatch its handled events in one call, in order, with the mode', async () => {
    const calls: string[][] = [];
    const projection: Projection = {
      name: 'batched',
      tables: [],
      eventTypes: ['Counted'],
      apply: () => Promise.reject(new Error('apply must not be called')),
      applyBatch: async (batch, _transaction, mode) => {
        calls.push([mode ?? 'none', ...batch.map((event) => event.id)]);
      },
      topicsFor: (event) => [`topic:${event.id}`],
    };
    expect(await applyEvents(noDatabase, projection, events)).toEqual(['topic:e1', 'topic:e3']);
    await applyEvents(noDatabase, projection, events, 'replay');
    expect(calls).toEqual([
      ['live', 'e1', 'e3'],
      ['replay', 'e1', 'e3'],
    ]);
  });

  it('calls apply per handled event otherwise, and neither when nothing is handled', async () => {
    const applied: string[] = [];
    const projection: Projection = {
      name: 'one-by-one',
      tables: [],
      eventTypes: ['Counted'],
      apply: async (event) => {
        applied.push(event.id);
      },
    };
    expect(await applyEvents(noDatabase, projection, events)).toEqual([]);
    expect(applied).toEqual(['e1', 'e3']);
    await applyEvents(noDatabase, { ...projection, applyBatch: () => Promise.reject(new Error('empty')) }, [
      eventOf('Other', 4n),
    ]);
  });
});
