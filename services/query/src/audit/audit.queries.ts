import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '@oj/read-models';
import type { AuditEntryRow, AuditFilter } from '@oj/contracts';

type EntriesQuery<Output> = SelectQueryBuilder<Database, 'audit_entries', Output>;

/** The uids an actor filter names: itself (a uid, or `judge:…`) and the account whose username it is. */
async function actorIdsOf(db: Kysely<Database>, actor: string): Promise<string[]> {
  const account = await db
    .selectFrom('users')
    .select('user_id')
    .where('username_key', '=', actor.toLowerCase())
    .executeTakeFirst();
  return account ? [actor, account.user_id] : [actor];
}

function whereScope<Output>(query: EntriesQuery<Output>, filter: AuditFilter): EntriesQuery<Output> {
  const id = filter.id ?? '';
  switch (filter.scope) {
    case 'site':
      return query;
    case 'contest':
      return query.where('audit_entries.contest_id', '=', Number(id));
    case 'problem':
      return query.where('audit_entries.problem_id', '=', Number(id));
    case 'submission':
      return query.where('audit_entries.submission_id', '=', Number(id));
    case 'user':
      // A user's trail: what was done to the account and what the user did.
      return query.where((where) =>
        where.or([where('audit_entries.user_id', '=', id), where('audit_entries.actor_id', '=', id)]),
      );
  }
}

async function filtered<Output>(
  db: Kysely<Database>,
  query: EntriesQuery<Output>,
  filter: AuditFilter,
): Promise<EntriesQuery<Output>> {
  let scoped = whereScope(query, filter);
  if (filter.actor) scoped = scoped.where('audit_entries.actor_id', 'in', await actorIdsOf(db, filter.actor));
  if (filter.type) scoped = scoped.where('audit_entries.event_type', '=', filter.type);
  if (filter.kind) scoped = scoped.where('audit_entries.kind', '=', filter.kind);
  if (filter.from) scoped = scoped.where('audit_entries.recorded_at', '>=', new Date(filter.from));
  if (filter.to) scoped = scoped.where('audit_entries.recorded_at', '<', new Date(filter.to));
  return scoped;
}

function entriesWithActors(db: Kysely<Database>) {
  return db
    .selectFrom('audit_entries')
    .leftJoin('users as actor', 'actor.user_id', 'audit_entries.actor_id')
    .leftJoin('users as subject', 'subject.user_id', 'audit_entries.user_id')
    .selectAll('audit_entries')
    .select(['actor.username as actor_name', 'subject.username as user_name']);
}

type EntryWithActor = Awaited<ReturnType<ReturnType<typeof entriesWithActors>['execute']>>[number];

function rowOf(entry: EntryWithActor): AuditEntryRow {
  return {
    position: String(entry.position),
    eventId: entry.event_id,
    recordedAt: entry.recorded_at.toISOString(),
    stream: entry.stream,
    eventType: entry.event_type,
    kind: entry.kind,
    command: entry.command,
    cid: entry.contest_id,
    pid: entry.problem_id,
    uid: entry.user_id,
    username: entry.user_name,
    submitId: entry.submission_id,
    actorId: entry.actor_id,
    actorName: entry.actor_name,
    ip: entry.client_ip,
    correlationId: entry.correlation_id,
    changes: entry.changes,
    reason: entry.reason,
  };
}

/** One page of the trail, newest first, and how many entries the filters match. */
export async function auditPage(
  db: Kysely<Database>,
  filter: AuditFilter,
  page: { readonly currentPage: number; readonly limit: number },
): Promise<{ readonly total: number; readonly rows: AuditEntryRow[] }> {
  const counted = await filtered(
    db,
    db.selectFrom('audit_entries').select((eb) => eb.fn.countAll<string>().as('total')),
    filter,
  );
  const { total } = await counted.executeTakeFirstOrThrow();
  const query = await filtered(db, entriesWithActors(db), filter);
  const entries = await query
    .orderBy('audit_entries.position', 'desc')
    .limit(page.limit)
    .offset((page.currentPage - 1) * page.limit)
    .execute();
  return { total: Number(total), rows: entries.map(rowOf) };
}

/** Rows per read while exporting: memory stays bounded whatever the export's size. */
const exportChunkRows = 500;

/**
 * The trail for export, newest first, read in chunks by position (keyset, not OFFSET, so a long export stays
 * cheap) and stopped after `max` rows.
 */
export async function* auditEntriesForExport(
  db: Kysely<Database>,
  filter: AuditFilter,
  max: number,
): AsyncGenerator<AuditEntryRow> {
  let below: string | null = null;
  let sent = 0;
  while (sent < max) {
    let query = await filtered(db, entriesWithActors(db), filter);
    if (below !== null) query = query.where('audit_entries.position', '<', below);
    const chunk = await query
      .orderBy('audit_entries.position', 'desc')
      .limit(Math.min(exportChunkRows, max - sent))
      .execute();
    for (const entry of chunk) yield rowOf(entry);
    sent += chunk.length;
    const last = chunk.at(-1);
    if (!last || chunk.length < exportChunkRows) return;
    below = String(last.position);
  }
}

/** Who created the contest (its admin besides root, docs/contests.md); null when there is no such contest. */
export async function contestCreatorOf(db: Kysely<Database>, contestId: number): Promise<string | null> {
  const contest = await db
    .selectFrom('contests')
    .select('created_by')
    .where('contest_id', '=', contestId)
    .executeTakeFirst();
  return contest?.created_by ?? null;
}
