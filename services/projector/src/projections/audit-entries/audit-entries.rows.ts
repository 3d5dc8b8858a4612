import { parseStream, type RecordedEvent } from '@oj/events';
import type { AuditChange } from '@oj/read-models';
import { describeEvent, type AuditDescription, type AuditScope, type AuditSnapshot } from './audit-descriptions.rows';
import { isSecretField, isTestDataField, type FieldView } from './audit-fields.rows';

/** An entry's changes are capped (a problem with a thousand re-uploaded cases); the last one says how many more. */
export const maxChangesPerEntry = 100;
/** Metadata values are server-made, but the store takes any string: kept bounded in the read model. */
const metadataMax = 200;
const reasonMax = 500;

export interface AuditEntry extends AuditScope {
  readonly position: bigint;
  readonly eventId: string;
  readonly recordedAt: string;
  readonly stream: string;
  readonly eventType: string;
  readonly kind: string;
  readonly command: string;
  readonly actorId: string | null;
  readonly clientIp: string | null;
  readonly correlationId: string | null;
  readonly changes: readonly AuditChange[];
  readonly reason: string | null;
}

/**
 * Field-by-field difference, in the order of `order` first (the event's own fields: a snapshot read back from
 * jsonb has its keys in jsonb's order); secrets name the field with no values.
 */
export function diffViews(before: FieldView, after: FieldView, order: readonly string[] = []): AuditChange[] {
  const fields = [...new Set([...order, ...Object.keys(after), ...Object.keys(before)])];
  const changes = fields
    .filter((field) => (before[field] ?? null) !== (after[field] ?? null))
    .map((field): AuditChange =>
      isSecretField(field)
        ? { field, before: null, after: null, hidden: true }
        : { field, before: before[field] ?? null, after: after[field] ?? null },
    );
  if (changes.length <= maxChangesPerEntry) return changes;
  const more = changes.length - maxChangesPerEntry + 1;
  return [...changes.slice(0, maxChangesPerEntry - 1), { field: '…', before: null, after: `${more} more` }];
}

const bounded = (text: string | undefined, max = metadataMax): string | null =>
  text ? [...text].slice(0, max).join('') : null;

/** Who did it: the uid the command side records in metadata; the judge by name; else unknown. */
function actorOf(event: RecordedEvent): string | null {
  if (event.metadata.actorId) return bounded(event.metadata.actorId);
  if (event.metadata.judger) return bounded(`judge:${event.metadata.judger}`);
  return null;
}

function nextSnapshot(snapshot: AuditSnapshot, description: AuditDescription, after: FieldView): AuditSnapshot {
  const { [description.part]: _replaced, ...rest } = snapshot;
  return description.after === null ? rest : { ...rest, [description.part]: after };
}

/** A submission's contest, problem and owner, kept from SubmissionCreated for its later events. */
function withSubmissionScope(snapshot: AuditSnapshot, description: AuditDescription): AuditSnapshot {
  if (snapshot.scope || description.command !== 'SubmitCode') return snapshot;
  const { contestId, problemId, userId } = description.scope;
  const scope = { contestId: contestId ? String(contestId) : null, problemId: problemId ? String(problemId) : null };
  return { ...snapshot, scope: { ...scope, userId: userId ?? null } };
}

/**
 * The trail's entry for one event and the stream's snapshot after it (null when the snapshot does not change).
 * Pure: the projection reads the snapshot before and writes both.
 */
export function auditEntryOf(
  event: RecordedEvent,
  snapshot: AuditSnapshot,
): { readonly entry: AuditEntry; readonly snapshot: AuditSnapshot | null } {
  const category = parseStream(event.stream).category;
  const description = describeEvent(event, category, snapshot);
  const isStored = description.stored !== false;
  const before = isStored ? (snapshot[description.part] ?? {}) : {};
  const after = description.merge ? { ...before, ...(description.after ?? {}) } : (description.after ?? {});
  const hidden = (description.hiddenChanges ?? []).map((field): AuditChange => ({
    field,
    before: null,
    after: null,
    hidden: true,
  }));
  const changes = [...diffViews(before, after, Object.keys(description.after ?? before)), ...hidden];
  const isTestData = description.kind === 'problem' && changes.some((change) => isTestDataField(change.field));
  const entry: AuditEntry = {
    position: event.position,
    eventId: event.id,
    recordedAt: event.recordedAt,
    stream: event.stream,
    eventType: event.type,
    kind: isTestData ? 'test-data' : description.kind,
    command: description.command,
    contestId: description.scope.contestId ?? null,
    problemId: description.scope.problemId ?? null,
    userId: description.scope.userId ?? null,
    submissionId: description.scope.submissionId ?? null,
    actorId: actorOf(event),
    clientIp: bounded(description.clientIp ?? event.metadata.clientIp),
    correlationId: bounded(event.metadata.correlationId),
    changes,
    reason: bounded(description.reason ?? undefined, reasonMax),
  };
  const stored = isStored ? nextSnapshot(snapshot, description, after) : snapshot;
  const next = category === 'submission' ? withSubmissionScope(stored, description) : stored;
  return { entry, snapshot: next === snapshot ? null : next };
}
