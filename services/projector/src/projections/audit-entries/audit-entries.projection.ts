import type { Kysely } from 'kysely';
import { eventDataSchemas, type RecordedEvent } from '@oj/events';
import type { Database } from '@oj/read-models';
import type { Projection } from '../../runner/projection';
import { unauditedEventTypes, type AuditSnapshot } from './audit-descriptions.rows';
import { auditEntryOf, type AuditEntry } from './audit-entries.rows';

function entryValues(entry: AuditEntry) {
  return {
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
  };
}

/** Rows per INSERT: 16 columns each stays far below Postgres's 65,535 parameters. */
const rowsPerInsert = 500;

function chunksOf<Item>(items: readonly Item[], size: number): Item[][] {
  const chunks: Item[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * Events in position order, folded in memory: each stream's snapshot is read once, the entries are inserted and
 * the changed snapshots written once per batch. The entry's key is the event's position, so an event whose entry
 * exists (a duplicate delivery, a retried batch) is skipped, and leaves its stream's snapshot as it was.
 */
async function applyEvents(events: readonly RecordedEvent[], db: Kysely<Database>): Promise<void> {
  if (events.length === 0) return;
  const seen = new Set<string>();
  for (const chunk of chunksOf(events, rowsPerInsert)) {
    const positions = chunk.map((event) => event.position.toString());
    const rows = await db.selectFrom('audit_entries').select('position').where('position', 'in', positions).execute();
    for (const row of rows) seen.add(String(row.position));
  }
  const fresh = events.filter((event) => !seen.has(event.position.toString()));
  const streams = [...new Set(fresh.map((event) => event.stream))];
  const snapshots = new Map<string, AuditSnapshot>();
  for (const chunk of chunksOf(streams, rowsPerInsert)) {
    const rows = await db
      .selectFrom('audit_stream_snapshots')
      .select(['stream', 'snapshot'])
      .where('stream', 'in', chunk)
      .execute();
    for (const row of rows) snapshots.set(row.stream, row.snapshot);
  }
  const entries: AuditEntry[] = [];
  const changed = new Map<string, { readonly position: bigint; readonly snapshot: AuditSnapshot }>();
  for (const event of fresh) {
    const { entry, snapshot } = auditEntryOf(event, snapshots.get(event.stream) ?? {});
    entries.push(entry);
    if (!snapshot) continue;
    snapshots.set(event.stream, snapshot);
    changed.set(event.stream, { position: event.position, snapshot });
  }
  for (const chunk of chunksOf(entries, rowsPerInsert)) {
    await db.insertInto('audit_entries').values(chunk.map(entryValues)).execute();
  }
  const updates = [...changed].map(([stream, { position, snapshot }]) => ({
    stream,
    position,
    snapshot: JSON.stringify(snapshot),
  }));
  for (const chunk of chunksOf(updates, rowsPerInsert)) {
    await db
      .insertInto('audit_stream_snapshots')
      .values(chunk)
      .onConflict((conflict) =>
        conflict.column('stream').doUpdateSet((eb) => ({
          position: eb.ref('excluded.position'),
          snapshot: eb.ref('excluded.snapshot'),
        })),
      )
      .execute();
  }
}

/**
 * The audit trail (docs/audit.md): every change anyone made, with its actor, address, command, field-by-field
 * difference and reason, indexed by contest, problem, user and submission. Read by the back office's audit page.
 */
export const auditEntriesProjection: Projection = {
  name: 'audit-entries',
  tables: ['audit_entries', 'audit_stream_snapshots'],
  eventTypes: Object.keys(eventDataSchemas).filter((type) => !unauditedEventTypes.includes(type)),
  apply: (event, db) => applyEvents([event], db),
  applyBatch: applyEvents,
};
