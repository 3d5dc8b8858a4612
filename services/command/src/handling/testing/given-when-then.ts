import { expect } from 'vitest';
import type { LocalizedText } from '@oj/platform';
import { CommandRejected } from '../command-rejected';
import { fold, type Decide, type DomainEvent, type StreamModel } from '../decider';

/**
 * Decider tests in the shape of the spec: given past events, when a command is decided, then these events
 * (or this rejection).
 */
export function given<State, Event extends DomainEvent>(model: StreamModel<State, Event>, ...history: Event[]) {
  return {
    when(decide: Decide<State, Event>) {
      const run = () => decide(fold(model, history));
      return {
        then(expected: readonly Event[]) {
          expect(run()).toEqual(expected);
        },
        thenRejects(status: number, text: LocalizedText) {
          let rejection: unknown;
          try {
            run();
          } catch (error) {
            rejection = error;
          }
          expect(rejection).toBeInstanceOf(CommandRejected);
          expect((rejection as CommandRejected).status).toBe(status);
          expect((rejection as CommandRejected).text).toEqual(text);
        },
      };
    },
  };
}
