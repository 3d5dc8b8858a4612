/**
 * Read-your-writes (DESIGN): a command that appended answers only after the projector's checkpoints have
 * passed `position`. The waiting itself (LISTEN/NOTIFY on the checkpoints table, bounded) is injected.
 * With `eventTypes`, only the projections that handle one of them are waited for (F5: a stalled projection the
 * command does not touch must not hold every command for the whole timeout); without, every projection.
 */
export type AwaitProjections = (position: bigint, eventTypes?: readonly string[]) => Promise<void>;

/** What handleCommand returns: where the decision's events landed, and which types they were. */
export interface Written {
  readonly position: bigint | null;
  readonly events: readonly { readonly type: string }[];
}

/**
 * Waits for the newest of several writes; nothing to wait for when nothing was appended. Pass what
 * handleCommand returned, so the wait covers only the projections of the appended types; a bare position
 * (whose types are unknown here) waits for every projection.
 */
export async function awaitWrites(
  awaitProjections: AwaitProjections,
  ...writes: (Written | bigint | null)[]
): Promise<void> {
  const appended = writes.flatMap((write): { position: bigint; eventTypes: string[] | null }[] => {
    if (write === null) return [];
    if (typeof write === 'bigint') return [{ position: write, eventTypes: null }];
    if (write.position === null) return [];
    return [{ position: write.position, eventTypes: write.events.map((event) => event.type) }];
  });
  if (appended.length === 0) return;
  const newest = appended.reduce((found, write) => (write.position > found ? write.position : found), 0n);
  const isEveryTypeKnown = appended.every((write) => write.eventTypes !== null);
  const eventTypes = [...new Set(appended.flatMap((write) => write.eventTypes ?? []))];
  await (isEveryTypeKnown ? awaitProjections(newest, eventTypes) : awaitProjections(newest));
}
