import type { Kysely } from 'kysely';
import { eventDataSchemas, type RecordedEvent } from '@oj/events';
import type { Database } from '@oj/read-models';
import type { Projection } from '../../runner/projection';
import { unauditedEventTypes, type AuditSnapshot } from './audit-descriptions.rows';
import { auditEntryOf } from './audit-entries.rows';

async function readSnapshot(db: Kysely<Database>, stream: string): Promise<AuditSnapshot> {
  const row = await db
    .selectFrom('audit_stream_snapshots')
    .select('snapshot')
    .where('stream', '=', stream)
    .executeTakeFirst();
  return row?.snapshot ?? {};
}

async function applyEvent(event: RecordedEvent, db: Kysely<Database>): Promise<void> {
  // The entry's key is the event's position: a duplicate delivery finds it and changes nothing (nor the snapshot).
  const seen = await db
    .selectFrom('audit_entries')
    .select('position')
    .where('position', '=', event.position.toString())
    .executeTakeFirst();
  if (seen) return;
  const { entry, snapshot } = auditEntryOf(event, await readSnapshot(db, event.stream));
  await db
    .insertInto('audit_entries')
    .values({
      position: entry.position,
      event_id: entry.eventId,
      recorded_at: entry.recordedAt,
      stream: entry.stream,
      event_type: entry.eventType,
      kind: entry.kind,
      command: entry.command,
      contest_id: entry.contestId,
      problem_id: entry.problemId,
      user_id: entry.userId,
      submission_id: entry.submissionId,
      actor_id: entry.actorId,
      client_ip: entry.clientIp,
      correlation_id: entry.correlationId,
      changes: JSON.stringify(entry.changes),
      reason: entry.reason,
    })
    .execute();
  if (!snapshot) return;
  const values = { stream: event.stream, position: event.position, snapshot: JSON.stringify(snapshot) };
  await db
    .insertInto('audit_stream_snapshots')
    .values(values)
    .onConflict((conflict) =>
      conflict.column('stream').doUpdateSet({ position: values.position, snapshot: values.snapshot }),
    )
    .execute();
}

/**
 * The audit trail (docs/audit.md): every change anyone made, with its actor, address, command, field-by-field
 * difference and reason, indexed by contest, problem, user and submission. Read by the back office's audit page.
 */
export const auditEntriesProjection: Projection = {
  name: 'audit-entries',
  tables: ['audit_entries', 'audit_stream_snapshots'],
  eventTypes: Object.keys(eventDataSchemas).filter((type) => !unauditedEventTypes.includes(type)),
  apply: applyEvent,
};
