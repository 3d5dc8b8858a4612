import { sql, type Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { allProjections, type RebuildProjectionsReply } from '@oj/contracts';
import { CommandRejected } from '../../handling/command-rejected';
import { projectionRebuildMessages } from '../projection-rebuilds.rejections';

/** Where the projector listens for requests (`rebuildRequestedChannel` in @oj/projector; services do not import each other). */
const rebuildRequestedChannel = 'projection_rebuild_requested';
const activeStates = ['queued', 'replaying', 'swapping'] as const;

/**
 * Records rebuild requests for the projector to run (docs/events-store.md "Rebuilding from the browser"): a
 * request row, not an event, because a rebuild changes no fact of the domain (replaying the store must not
 * rebuild again) and must be claimed once and carry progress. The partial unique index keeps one active request
 * per projection; NOTIFY is delivered at commit, and a rejected request leaves no row.
 */
export async function requestProjectionRebuilds(
  db: Kysely<Database>,
  projection: string,
  requestedBy: string,
): Promise<RebuildProjectionsReply> {
  return db.transaction().execute(async (transaction) => {
    const owned = await transaction
      .selectFrom('projection_owned_tables')
      .select('projection')
      .orderBy('projection')
      .execute();
    const known = owned.map((row) => row.projection);
    if (known.length === 0) throw new CommandRejected(400, projectionRebuildMessages.noProjector);
    const wanted = projection === allProjections ? known : known.filter((name) => name === projection);
    if (wanted.length === 0) throw new CommandRejected(400, projectionRebuildMessages.unknownProjection);
    const queued = await transaction
      .insertInto('projection_rebuilds')
      .values(wanted.map((name) => ({ projection: name, requested_by: requestedBy })))
      .onConflict((conflict) => conflict.column('projection').where('state', 'in', activeStates).doNothing())
      .returning(['id', 'projection'])
      .execute();
    if (queued.length === 0 && projection !== allProjections) {
      throw new CommandRejected(400, projectionRebuildMessages.alreadyRebuilding);
    }
    if (queued.length > 0) await sql`SELECT pg_notify(${rebuildRequestedChannel}, '')`.execute(transaction);
    const queuedNames = new Set(queued.map((row) => row.projection));
    return {
      queued: queued.map((row) => ({ id: String(row.id), projection: row.projection })),
      alreadyRebuilding: wanted.filter((name) => !queuedNames.has(name)),
    };
  });
}
