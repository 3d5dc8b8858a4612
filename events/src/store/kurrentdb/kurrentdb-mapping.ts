import type {
  AllStreamRecordedEvent,
  AppendStreamState,
  EventData,
  JSONType,
  ReadPosition,
  RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import type { AppendResult, EventMetadata, ExpectedRevision, NewEvent, RecordedEvent } from '../event-store';
import { PartialDuplicateAppendError, WrongExpectedRevisionError } from '../errors';
import type { KurrentDb } from './kurrentdb-client';

/** Our expected revision → the client's `streamState` (its successor of `expectedRevision`); the names match. */
export function toStreamState(expected: ExpectedRevision): AppendStreamState {
  return expected;
}

/** Only string values survive: our metadata is a flat string map, KurrentDB may add its own `$` keys. */
function toMetadata(metadata: unknown): EventMetadata {
  if (typeof metadata !== 'object' || metadata === null || metadata instanceof Uint8Array) return {};
  return Object.fromEntries(
    Object.entries(metadata).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function decodeData(event: KurrentRecordedEvent): unknown {
  if (event.isJson) return event.data;
  return JSON.parse(new TextDecoder().decode(event.data as Uint8Array)) as unknown;
}

export function fromKurrentEvent(event: KurrentRecordedEvent | AllStreamRecordedEvent): RecordedEvent {
  return {
    id: event.id,
    type: event.type,
    stream: event.streamId,
    revision: event.revision,
    position: event.position?.commit ?? 0n,
    data: decodeData(event),
    metadata: toMetadata(event.metadata),
    recordedAt: event.created.toISOString(),
  };
}

/** System events ($-prefixed types, e.g. $metadata) never reach our readers. */
export function isUserEvent(event: { readonly type: string; readonly streamId: string }): boolean {
  return !event.type.startsWith('$') && !event.streamId.startsWith('$');
}

/** A server-side filter matching exactly the given event types. */
export function exactTypesRegex(eventTypes: readonly string[]): string {
  const escaped = eventTypes.map((type) => type.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return `^(?:${escaped.join('|')})$`;
}

/** The mappings that need the client's own values (loaded on first use: `loadKurrentDb`). */
export function kurrentValueMappings(kurrent: Pick<KurrentDb, 'START' | 'WrongExpectedVersionError' | 'jsonEvent'>) {
  return {
    toEventData(event: NewEvent): EventData {
      return kurrent.jsonEvent({
        id: event.id,
        type: event.type,
        data: (event.data ?? null) as JSONType,
        metadata: { ...event.metadata },
      });
    },

    /** Our positions are exclusive bigints; KurrentDB's are {commit, prepare} pairs. We expose the commit position. */
    toReadPosition(after: bigint | undefined): ReadPosition {
      return after === undefined || after === 0n ? kurrent.START : { commit: after, prepare: after };
    },

    toAppendError(error: unknown, stream: string, expected: ExpectedRevision): unknown {
      if (error instanceof kurrent.WrongExpectedVersionError)
        return new WrongExpectedRevisionError(stream, expected, error.actualState);
      return error;
    },
  };
}

/**
 * KurrentDB deduplicates by event id only for a retry at the same expected revision. To give the
 * store-wide contract its best approximation, the adapter looks for the batch in the stream's tail:
 * the whole batch, in order, is a retry (same result); a partial overlap is a client bug.
 */
export function findRetriedBatch(
  stream: string,
  batch: readonly NewEvent[],
  tail: readonly RecordedEvent[],
): AppendResult | undefined {
  const ids = new Set(batch.map((event) => event.id.toLowerCase()));
  const stored = tail.filter((event) => ids.has(event.id.toLowerCase()));
  if (stored.length === 0) return undefined;
  const isWholeBatchInOrder =
    stored.length === batch.length &&
    stored.every((event, index) => event.id.toLowerCase() === batch[index]?.id.toLowerCase());
  const last = stored.at(-1);
  if (!isWholeBatchInOrder || !last) throw new PartialDuplicateAppendError(stream);
  return { nextExpectedRevision: last.revision, position: last.position };
}
