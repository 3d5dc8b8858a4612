import { describe, expect, it } from 'vitest';
import {
  aJudgeStarted,
  aSubmissionCreated,
  aSubmissionJudged,
  aSubmissionJudgingFailed,
  aSubmissionRejudgeRequested,
  aSubmissionCancelled,
  someJudgeSettings,
} from '@oj/events/testing';
import { decideJudgeTask } from './decide-judge-task';
import { foldSubmissionJudging } from './submission-judging.state';

const judgingDeliveries = 3;

function given(...events: { type: string; data: unknown }[]) {
  const state = foldSubmissionJudging(events);
  return {
    whenDelivered: (attempt: number, delivery: number) =>
      decideJudgeTask(state, { attempt }, delivery, judgingDeliveries),
  };
}

const created = { type: 'SubmissionCreated', data: aSubmissionCreated() };

describe('decideJudgeTask', () => {
  it('judges a new submission with the settings it was created with', () => {
    expect(given(created).whenDelivered(0, 1)).toEqual({
      kind: 'judge',
      submission: created.data,
      settings: created.data.judge,
    });
  });

  it('judges a rejudge with the settings the rejudge carries', () => {
    const settings = someJudgeSettings({ timeLimitMs: 3000 });
    const rejudge = {
      type: 'SubmissionRejudgeRequested',
      data: aSubmissionRejudgeRequested({ attempt: 1, judge: settings }),
    };
    expect(given(created, rejudge).whenDelivered(1, 1)).toMatchObject({ kind: 'judge', settings });
  });

  it('judges again when a worker died after starting (a redelivery)', () => {
    expect(given(created, { type: 'JudgeStarted', data: aJudgeStarted() }).whenDelivered(0, 2)).toMatchObject({
      kind: 'judge',
    });
  });

  it('skips an attempt that already has its final verdict', () => {
    const judged = { type: 'SubmissionJudged', data: aSubmissionJudged() };
    const failed = { type: 'SubmissionJudgingFailed', data: aSubmissionJudgingFailed() };
    expect(given(created, judged).whenDelivered(0, 2)).toEqual({ kind: 'skip', reason: 'already-final' });
    expect(given(created, failed).whenDelivered(0, 5)).toEqual({ kind: 'skip', reason: 'already-final' });
  });

  it('skips an attempt that a rejudge superseded', () => {
    const rejudge = { type: 'SubmissionRejudgeRequested', data: aSubmissionRejudgeRequested({ attempt: 1 }) };
    expect(given(created, rejudge).whenDelivered(0, 1)).toEqual({ kind: 'skip', reason: 'superseded' });
  });

  it('skips a task whose submission or attempt is not in the stream', () => {
    expect(given().whenDelivered(0, 1)).toEqual({ kind: 'skip', reason: 'unknown-attempt' });
    expect(given(created).whenDelivered(4, 1)).toEqual({ kind: 'skip', reason: 'unknown-attempt' });
  });

  it('steps aside for a newer delivery of the same attempt', () => {
    const newer = { type: 'JudgeStarted', data: aJudgeStarted({ delivery: 3 }) };
    expect(given(created, newer).whenDelivered(0, 2)).toEqual({ kind: 'yield' });
  });

  it('gives up once every judging delivery is spent', () => {
    expect(given(created).whenDelivered(0, judgingDeliveries)).toMatchObject({ kind: 'judge' });
    expect(given(created).whenDelivered(0, judgingDeliveries + 1)).toEqual({ kind: 'give-up' });
  });

  it('passes over event types it does not know', () => {
    expect(given(created, { type: 'SubmissionShared', data: {} }).whenDelivered(0, 1)).toMatchObject({ kind: 'judge' });
  });

  it('drops a queued attempt that root cancelled', () => {
    const cancelled = { type: 'SubmissionCancelled', data: aSubmissionCancelled({ attempt: 0 }) };
    expect(given(created, cancelled).whenDelivered(0, 1)).toEqual({ kind: 'skip', reason: 'already-final' });
  });
});
