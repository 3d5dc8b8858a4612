/** An event as deciders see it: its type and its zod-validated data. */
export interface DomainEvent {
  readonly type: string;
  readonly data: unknown;
}

/**
 * How one stream type folds: its events' schema (unknown types are skipped, so other writers may add event
 * types to a shared stream such as `site`), the state before any event, and one pure step.
 */
export interface StreamModel<State, Event extends DomainEvent> {
  readonly initialState: State;
  evolve(state: State, event: Event): State;
  /** Returns the typed event, or null for a type this model does not know. */
  parse(event: DomainEvent): Event | null;
}

/** A command's decision: pure, from the folded state to the events to append (or a CommandRejected). */
export type Decide<State, Event extends DomainEvent> = (state: State) => readonly Event[];

export function fold<State, Event extends DomainEvent>(
  model: StreamModel<State, Event>,
  events: readonly DomainEvent[],
): State {
  let state = model.initialState;
  for (const event of events) {
    const known = model.parse(event);
    if (known) state = model.evolve(state, known);
  }
  return state;
}

/** Builds `parse` from a zod discriminated union's safeParse. */
export function parserFor<Event extends DomainEvent>(schema: {
  safeParse(value: unknown): { success: true; data: Event } | { success: false };
}): (event: DomainEvent) => Event | null {
  return (event) => {
    const result = schema.safeParse({ type: event.type, data: event.data });
    return result.success ? result.data : null;
  };
}
