import { parseRejudgingEvent, type RejudgingEvent, type RejudgingStaged, type StagedResult } from '@oj/events';
import type { StreamModel } from '../handling/decider';

/** The `rejudging-<id>` stream as its deciders need it: what was staged, what is judged, how it ended. */
export interface RejudgingState {
  readonly staged: RejudgingStaged | null;
  readonly judged: ReadonlyMap<number, StagedResult>;
  readonly ended: 'applied' | 'discarded' | null;
}

export const initialRejudgingState: RejudgingState = { staged: null, judged: new Map(), ended: null };

function evolve(state: RejudgingState, event: RejudgingEvent): RejudgingState {
  switch (event.type) {
    case 'RejudgingStaged':
      return { ...state, staged: event.data };
    case 'RejudgingSubmissionJudged': {
      const { rejudgingId: _id, ...result } = event.data;
      return { ...state, judged: new Map(state.judged).set(result.submissionId, result) };
    }
    case 'RejudgingApplied':
      return { ...state, ended: 'applied' };
    case 'RejudgingDiscarded':
      return { ...state, ended: 'discarded' };
  }
}

export const rejudgingModel: StreamModel<RejudgingState, RejudgingEvent> = {
  initialState: initialRejudgingState,
  evolve,
  parse: parseRejudgingEvent,
};
