import { describe, expect, it } from 'vitest';
import { awaitWrites, type AwaitProjections } from './await-projection';

function recordingWaiter() {
  const waits: { position: bigint; eventTypes: readonly string[] | undefined }[] = [];
  const awaitProjections: AwaitProjections = async (position, eventTypes) => {
    waits.push({ position, eventTypes });
  };
  return { waits, awaitProjections };
}

describe('awaitWrites', () => {
  it('F5: waits for the newest write, and only for the projections of the appended event types', async () => {
    const { waits, awaitProjections } = recordingWaiter();
    await awaitWrites(
      awaitProjections,
      { position: 7n, events: [{ type: 'UsernameClaimed' }] },
      { position: null, events: [] },
      { position: 9n, events: [{ type: 'UserRegistered' }, { type: 'UsernameClaimed' }] },
    );
    expect(waits).toEqual([{ position: 9n, eventTypes: ['UsernameClaimed', 'UserRegistered'] }]);
  });

  it('waits for every projection when a bare position hides what was appended', async () => {
    const { waits, awaitProjections } = recordingWaiter();
    await awaitWrites(awaitProjections, { position: 3n, events: [{ type: 'TagAdded' }] }, 5n);
    expect(waits).toEqual([{ position: 5n, eventTypes: undefined }]);
  });

  it('does not wait when nothing was appended', async () => {
    const { waits, awaitProjections } = recordingWaiter();
    await awaitWrites(awaitProjections, null, { position: null, events: [] });
    expect(waits).toEqual([]);
  });
});
