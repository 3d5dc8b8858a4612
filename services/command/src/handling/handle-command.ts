import {
  checkCataloguedEvent,
  WrongExpectedRevisionError,
  type CataloguedEventType,
  type EventMetadata,
  type EventStore,
} from '@oj/events';
import { ApiError, platformMessages } from '@oj/platform';
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
 * A decided event that fails its catalogue schema: the command's own validation let bad input through. Nothing
 * is appended (a stored event that cannot be parsed would stop every projection that reads it, F5); the caller
 * gets HOJ's 400 and the cause is kept for the log.
 */
export class EventFailsCatalogue extends ApiError {
  constructor(detail: string) {
    super(400, platformMessages.badRequestFormat, {}, { httpStatus: 400, logDetail: detail });
    this.name = 'EventFailsCatalogue';
  }
}

/** Only event types of the catalogue can be appended (checked by the compiler here, and by zod before appending). */
export type CataloguedDomainEvent = DomainEvent & { readonly type: CataloguedEventType };

/**
 * Read the stream, fold, decide, check every event against its catalogue schema, append with the expected
 * revision. A concurrent writer makes the append fail with a revision conflict: re-read and decide again, a
 * bounded number of times, so the conflict is never shown.
 */
export async function handleCommand<State, Event extends CataloguedDomainEvent>(
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
    for (const event of events) {
      const check = checkCataloguedEvent(event);
      // An unknown type is our bug alone (the compiler should have caught it): a 500, logged by the handler.
      if (!check.success && check.reason === 'unknown-type') throw new Error(check.message);
      if (!check.success) throw new EventFailsCatalogue(check.message);
    }
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
