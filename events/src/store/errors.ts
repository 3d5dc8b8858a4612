import type { ExpectedRevision } from './event-store';

/** The stream's revision did not match what the writer expected; re-read and decide again. */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`stream ${stream}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** Some but not all event ids of a batch were already stored: a client bug, never retried. */
export class PartialDuplicateAppendError extends Error {
  constructor(readonly stream: string) {
    super(`stream ${stream}: the batch overlaps events already stored`);
    this.name = 'PartialDuplicateAppendError';
  }
}
