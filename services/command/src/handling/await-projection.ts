/**
 * Read-your-writes (DESIGN): a command that appended answers only after the projector's checkpoints have
 * passed `position`. The waiting itself (LISTEN/NOTIFY on the checkpoints table, bounded) is injected.
 */
export type AwaitProjections = (position: bigint) => Promise<void>;

/** Waits for the newest of several positions; nothing to wait for when nothing was appended. */
export async function awaitWrites(awaitProjections: AwaitProjections, ...positions: (bigint | null)[]): Promise<void> {
  const appended = positions.filter((position): position is bigint => position !== null);
  if (appended.length === 0) return;
  await awaitProjections(appended.reduce((newest, position) => (position > newest ? position : newest)));
}
