import { describe, expect, it } from 'vitest';
import { parseSubmissionEvent, type RecordedEvent } from '@oj/events';
import {
  aRejudgingItem,
  aRejudgingStaged,
  aSubmissionRejudgeRequested,
  aUserPasswordReset,
  aWebsiteConfigSet,
} from '@oj/events/testing';
import { auditEntryOf, diffViews, maxChangesPerEntry } from './audit-entries.rows';

const recorded = (stream: string, event: { type: string; data: unknown }, position = 1n): RecordedEvent => ({
  id: `event-${position}`,
  stream,
  revision: 0n,
  position,
  recordedAt: '2026-01-01T00:00:00.000Z',
  metadata: { actorId: 'root-uid', clientIp: '10.0.0.1' },
  ...event,
});

describe('diffViews', () => {
  it('names a changed secret without its values', () => {
    expect(diffViews({ password: '#1', title: 'a' }, { password: '#2', title: 'a' })).toEqual([
      { field: 'password', before: null, after: null, hidden: true },
    ]);
  });

  it('caps the changes of one entry and says how many more there were', () => {
    const after = Object.fromEntries(Array.from({ length: 150 }, (_, index) => [`case ${index}`, 'x']));
    const changes = diffViews({}, after);
    expect(changes).toHaveLength(maxChangesPerEntry);
    expect(changes.at(-1)).toEqual({ field: '…', before: null, after: '51 more' });
  });
});

describe('auditEntryOf', () => {
  it('reads a rejudge recorded before reasons existed (no reason field) as one without a reason', () => {
    const { reason: _none, ...old } = aSubmissionRejudgeRequested({ reason: 'x' });
    expect(parseSubmissionEvent({ type: 'SubmissionRejudgeRequested', data: old })).not.toBeNull();
    const { entry } = auditEntryOf(recorded('submission-1', { type: 'SubmissionRejudgeRequested', data: old }), {});
    expect(entry).toMatchObject({ kind: 'rejudge', reason: null, actorId: 'root-uid', clientIp: '10.0.0.1' });
  });

  it("never carries a reset password's hash, and compares site settings with the last ones", () => {
    const reset = aUserPasswordReset({ userId: 'u-1' });
    const { entry } = auditEntryOf(recorded('user-u-1', reset), {});
    expect(JSON.stringify({ ...entry, position: String(entry.position) })).not.toContain('$argon2id$');
    expect(entry.changes).toEqual([{ field: 'password', before: null, after: null, hidden: true }]);
    const first = auditEntryOf(recorded('site', aWebsiteConfigSet({ name: 'A' })), {});
    const second = auditEntryOf(recorded('site', aWebsiteConfigSet({ name: 'B' }), 2n), first.snapshot ?? {});
    expect(second.entry.changes).toEqual([{ field: 'name', before: 'A', after: 'B' }]);
  });

  it("reads an applied staged rejudge as each submission's old and new verdict, with actor and reason", () => {
    const stream = 'rejudging-00000000-0000-4000-8000-00000000beef';
    const staged = aRejudgingStaged({ items: [aRejudgingItem({ submissionId: 12, status: 'WA', contestId: 3 })] });
    const first = auditEntryOf(recorded(stream, { type: 'RejudgingStaged', data: staged }), {});
    expect(first.entry).toMatchObject({
      kind: 'rejudge',
      command: 'StageRejudging',
      contestId: 3,
      reason: staged.reason,
    });
    const applied = {
      rejudgingId: staged.rejudgingId,
      contestIds: [3],
      results: [
        {
          submissionId: 12,
          attempt: 0,
          status: 'AC',
          score: null,
          oiRankScore: null,
          timeMs: 5,
          memoryKib: 1,
          errorMessage: null,
          judger: 'judge-1',
          judgedAt: '2026-01-01T00:00:00.000Z',
          testDataVersion: '2',
        },
      ],
      skipped: [],
      appliedBy: 'root-uid',
      appliedAt: '2026-01-01T00:00:00.000Z',
      reason: 'checked',
    };
    const second = auditEntryOf(
      recorded(stream, { type: 'RejudgingApplied', data: applied }, 2n),
      first.snapshot ?? {},
    );
    expect(second.entry).toMatchObject({
      command: 'ApplyRejudging',
      contestId: 3,
      actorId: 'root-uid',
      reason: 'checked',
    });
    expect(second.entry.changes).toContainEqual({ field: '#12', before: 'WA', after: 'AC' });
    expect(second.entry.changes).toContainEqual({ field: 'state', before: 'staged', after: 'applied' });
  });
});
