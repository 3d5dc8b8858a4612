import {
  parseSubmissionEvent,
  submissionStatusAfter,
  type JudgeSettings,
  type SubmissionCreated,
  type SubmissionEvent,
  type SubmissionStatus,
} from '@oj/events';
import type { DomainEvent, StreamModel } from '../handling/decider';

/** The `submission-<id>` stream as root's actions and the owner's toggles need it. */
export interface SubmissionState {
  readonly submission: SubmissionCreated | null;
  /** The settings of the current attempt (the rejudge's newer snapshot after a rejudge). */
  readonly judge: JudgeSettings | null;
  readonly attempt: number;
  readonly status: SubmissionStatus;
  /** The worker that took the attempt, or the admin after a manual verdict or cancel; "" while queued. */
  readonly judger: string;
  readonly isManual: boolean;
  readonly share: boolean;
  readonly score: number | null;
  readonly oiRankScore: number | null;
}

export const initialSubmissionState: SubmissionState = {
  submission: null,
  judge: null,
  attempt: 0,
  status: 'Pending',
  judger: '',
  isManual: false,
  share: false,
  score: null,
  oiRankScore: null,
};

function evolve(state: SubmissionState, event: SubmissionEvent): SubmissionState {
  if (event.type === 'SubmissionShareChanged') return { ...state, share: event.data.share };
  const next = submissionStatusAfter(state.submission ? state : null, event);
  if (!next) return state;
  const moved = { ...state, attempt: next.attempt, status: next.status };
  switch (event.type) {
    case 'SubmissionCreated':
      return { ...moved, submission: event.data, judge: event.data.judge };
    case 'SubmissionRejudgeRequested':
      return { ...moved, judge: event.data.judge, judger: '', isManual: false, score: null, oiRankScore: null };
    case 'JudgeStarted':
      return { ...moved, judger: event.data.judger };
    case 'SubmissionJudged':
      return { ...moved, judger: event.data.judger, score: event.data.score, oiRankScore: event.data.oiRankScore };
    case 'SubmissionVerdictSetManually':
      return {
        ...moved,
        judger: event.data.judger,
        isManual: true,
        score: event.data.score,
        oiRankScore: event.data.oiRankScore,
      };
    case 'SubmissionCancelled':
      return { ...moved, judger: event.data.judger, isManual: true, score: null, oiRankScore: null };
    case 'CaseJudged':
    case 'SubmissionJudgingFailed':
      return moved;
  }
}

export const submissionModel: StreamModel<SubmissionState, SubmissionEvent> = {
  initialState: initialSubmissionState,
  evolve,
  parse: (event: DomainEvent) => parseSubmissionEvent(event),
};
