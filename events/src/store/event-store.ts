/**
 * The event store contract shared by every implementation (Postgres by default, KurrentDB by URL).
 * Semantics are pinned by the conformance suite in ./conformance.
 */

/** Flat string map: actor uid, correlation and causation ids, client ip. */
export type EventMetadata = Readonly<Record<string, string>>;

/** What a command hands to the store. `id` is the idempotency key (uuid). */
export interface NewEvent {
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata?: EventMetadata;
}

/** What the store hands back: a NewEvent plus where and when it was recorded. */
export interface RecordedEvent {
  readonly id: string;
  readonly type: string;
  readonly stream: string;
  /** Position inside the stream, from 0. */
  readonly revision: bigint;
  /** Store-wide position: strictly increasing, not necessarily dense. */
  readonly position: bigint;
  readonly data: unknown;
  readonly metadata: EventMetadata;
  /** ISO 8601, UTC. */
  readonly recordedAt: string;
}

export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export interface AppendResult {
  /** Revision of the last event of the stream after the append. */
  readonly nextExpectedRevision: bigint;
  /** Global position of the last appended (or already stored) event. */
  readonly position: bigint;
}

export interface ReadAllOptions {
  /** Read events strictly after this position; omit to start from the beginning. */
  readonly fromPosition?: bigint;
  /** Stop after this position (inclusive): the store as of a past position. */
  readonly upTo?: bigint;
  readonly maxCount?: number;
}

export interface SubscribeAllOptions {
  /** Deliver events strictly after this position; omit to start from the beginning. */
  readonly fromPosition?: bigint;
  /** Only these event types are delivered (the position still advances past others). */
  readonly eventTypes?: readonly string[];
  /** End the subscription once this position (inclusive) has been passed, instead of following live. */
  readonly upTo?: bigint;
  readonly signal?: AbortSignal;
}

export interface Subscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
}

export interface EventStore {
  append(
    stream: string,
    events: readonly NewEvent[],
    options?: { readonly expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult>;
  readStream(stream: string): Promise<readonly RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<readonly RecordedEvent[]>;
  /** Catch up from a position, then follow live appends, in position order, never skipping one. */
  subscribeAll(options?: SubscribeAllOptions): Subscription;
  /** The position of the newest committed event, or 0n when the store is empty. */
  headPosition(): Promise<bigint>;
  close(): Promise<void>;
}
