import { WrongExpectedRevisionError, type EventMetadata, type EventStore } from '@oj/events';
import { fold, type Decide, type DomainEvent, type StreamModel } from './decider';

export interface HandlingDependencies {
  readonly store: EventStore;
  /** Event ids (uuids); passed in so this file stays free of IO and randomness. */
  readonly newEventId: () => string;
}

export interface Handled<State, Event> {
  /** The state the decision was taken on. */
  readonly state: State;
  readonly events: readonly Event[];
  /** Global position of the last appended event; null when the decision appended nothing. */
  readonly position: bigint | null;
}

const maxAttempts = 5;

/**
 * Read the stream, fold, decide, append with the expected revision. A concurrent writer makes the append fail
 * with a revision conflict: re-read and decide again, a bounded number of times, so the conflict is never shown.
 */
export async function handleCommand<State, Event extends DomainEvent>(
  dependencies: HandlingDependencies,
  stream: string,
  model: StreamModel<State, Event>,
  decide: Decide<State, Event>,
  metadata: EventMetadata = {},
): Promise<Handled<State, Event>> {
  for (let attempt = 1; ; attempt += 1) {
    const recorded = await dependencies.store.readStream(stream);
    const state = fold(model, recorded);
    const events = decide(state);
    if (events.length === 0) return { state, events, position: null };
    const last = recorded.at(-1);
    try {
      const result = await dependencies.store.append(
        stream,
        events.map((event) => ({ id: dependencies.newEventId(), type: event.type, data: event.data, metadata })),
        { expectedRevision: last ? last.revision : 'no_stream' },
      );
      return { state, events, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= maxAttempts) throw error;
    }
  }
}
