import type { AppendResult } from '../event-store';
import type { AppendOutcome, StreamAppend } from './append-to-stream';

export interface GroupCommitOptions {
  /** Groups whose transactions may be open at once. */
  readonly maxInFlight: number;
  /** A group stops growing here. */
  readonly maxGroupEvents: number;
  /**
   * An append of more events goes out at once in a transaction of its own, neither waiting nor counted: large
   * batches are bound by their inserts' CPU, and one transaction runs them on one core where separate ones
   * use them all (`npm run bench -- store`: 8 writers of 250-event batches grouped ran at a third of the rate).
   */
  readonly maxGroupedAppendEvents: number;
}

export interface GroupCommitRunners {
  /** One statement, one transaction for the whole group; rejects as a whole when the statement fails. */
  readonly appendGroup: (appends: readonly StreamAppend[]) => Promise<readonly AppendOutcome[]>;
  /** One append in a transaction of its own, with its own retries. */
  readonly appendAlone: (append: StreamAppend) => Promise<AppendResult>;
}

interface Waiting {
  readonly append: StreamAppend;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/**
 * Group commit (docs/events-store.md, "Append and replay cost"): appends called in one turn of the event loop go
 * out together when fewer than maxInFlight transactions are open; otherwise they wait, and when a transaction ends
 * everything that waited goes out as one group, in the order the appends were called. A single append on a quiet
 * store waits one turn; eight busy writers share one transaction, one WAL flush and one round trip instead of eight.
 *
 * Each append keeps its own answer: an append rejected in the group (wrong revision, partial duplicate) fails only
 * its caller. When the group's statement fails as a whole (nothing of it was written), each of its appends is tried
 * again alone, in order, so one writer's fault (an event id racing into another stream) is that writer's error only.
 */
export function createGroupCommit(
  runners: GroupCommitRunners,
  options: GroupCommitOptions,
): (append: StreamAppend) => Promise<AppendResult> {
  const waiting: Waiting[] = [];
  let inFlight = 0;

  const nextGroup = (maxAppends: number): Waiting[] => {
    const group: Waiting[] = [];
    let eventCount = 0;
    for (const next of waiting) {
      if (group.length >= maxAppends) break;
      if (group.length > 0 && eventCount + next.append.events.length > options.maxGroupEvents) break;
      group.push(next);
      eventCount += next.append.events.length;
    }
    waiting.splice(0, group.length);
    return group;
  };

  const commit = async (group: readonly Waiting[]): Promise<void> => {
    const [only] = group;
    if (group.length === 1 && only) {
      await runners.appendAlone(only.append).then(only.resolve, only.reject);
      return;
    }
    const outcomes = await runners.appendGroup(group.map((each) => each.append)).catch(() => undefined);
    for (const [index, each] of group.entries()) {
      const outcome = outcomes?.[index];
      if (outcome === undefined) await runners.appendAlone(each.append).then(each.resolve, each.reject);
      else if (outcome.isAppended) each.resolve(outcome.result);
      else each.reject(outcome.error);
    }
  };

  let isScheduled = false;
  const dispatch = (): void => {
    isScheduled = false;
    while (inFlight < options.maxInFlight && waiting.length > 0) {
      // What waits is shared out over the free transactions: they overlap one another's round trip and flush.
      const share = Math.ceil(waiting.length / (options.maxInFlight - inFlight));
      inFlight++;
      void commit(nextGroup(share)).finally(() => {
        inFlight--;
        schedule();
      });
    }
  };
  // Out on the next turn of the event loop, not at once: when a group's answers arrive, its writers resume (in
  // microtasks) and call again in the same turn, so their next appends go out together instead of the first
  // taking a transaction of its own.
  const schedule = (): void => {
    if (isScheduled || waiting.length === 0) return;
    isScheduled = true;
    setImmediate(dispatch);
  };

  return (append) => {
    if (append.events.length > options.maxGroupedAppendEvents) return runners.appendAlone(append);
    return new Promise<AppendResult>((resolve, reject) => {
      waiting.push({ append, resolve, reject });
      schedule();
    });
  };
}
