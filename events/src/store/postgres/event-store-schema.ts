import type pg from 'pg';

/** Advisory-lock class ids of the event store (two-key form, so they never collide with other users' keys). */
export const eventStoreLockClass = { schema: 0x4f4a0001, stream: 0x4f4a0002 } as const;

export const appendedChannel = 'event_store_appended';

/**
 * `position` is (xid8 of the appending transaction << 20) + index inside the batch: ordered like the
 * transactions' ids, so a reader that only takes rows below pg_snapshot_xmin << 20 never sees a later
 * commit land behind it (docs/events-store.md). `event_id` is unique store-wide: the idempotency key.
 */
const schemaSql = `
  CREATE SCHEMA IF NOT EXISTS event_store;
  CREATE TABLE IF NOT EXISTS event_store.events (
    position bigint PRIMARY KEY,
    stream text NOT NULL,
    revision bigint NOT NULL,
    event_id uuid NOT NULL,
    event_type text NOT NULL,
    data jsonb NOT NULL,
    metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT events_stream_revision_key UNIQUE (stream, revision),
    CONSTRAINT events_event_id_key UNIQUE (event_id)
  );
`;

/**
 * One append is one step of this function, with its stream already locked by the caller. Its events take the
 * positions (xid8 << 20) + p_offset + index: a group commit (append_group) puts several appends in one transaction,
 * one after the other. Under the stream's advisory lock it answers, in order:
 * - `duplicate`: exactly this batch is already stored (the retry is a no-op; revision and position of the original);
 * - `partial_duplicate`: any other overlap of ids;
 * - `wrong_revision`: the expected revision does not match (o_revision is the current one, null for no stream);
 * - `appended`: the rows are in (the store sends NOTIFY after the commit: append-notifier.ts).
 * Only `appended` writes. A unique violation on event_id (the same id racing into another stream) surfaces as the
 * error it is.
 * `plan_cache_mode = force_custom_plan`: PL/pgSQL keeps each statement's plan for the connection's life, and a
 * generic plan made while the table was small (a scan, the cheapest there) stayed after a burst of appends grew
 * it, until an ANALYZE invalidated it: single appends fell from ~2,700 to 560–810 a second after 20,000 batched
 * events (`npm run bench -- store`'s second and third rounds). Planned per call, each lookup takes the indexes as
 * soon as the table is big enough for them (a few statements' planning, tens of microseconds).
 */
const appendStepSql = `
  CREATE OR REPLACE FUNCTION event_store.append_step(
    p_stream text, p_expected text, p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[], p_offset int,
    OUT o_outcome text, OUT o_revision bigint, OUT o_position bigint)
  LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $fn$
  DECLARE
    v_count int := coalesce(cardinality(p_ids), 0);
    v_base bigint := (pg_current_xact_id()::text::bigint << 20) + p_offset;
    v_current bigint;
    v_stored_ids uuid[];
    v_same_stream boolean;
    v_first_stored bigint;
    v_mismatch boolean;
  BEGIN
    IF v_count > 0 THEN
      SELECT array_agg(e.event_id ORDER BY e.position), bool_and(e.stream = p_stream), min(e.revision),
             max(e.revision), max(e.position)
        INTO v_stored_ids, v_same_stream, v_first_stored, o_revision, o_position
        FROM event_store.events e WHERE e.event_id = ANY(p_ids);
      IF v_stored_ids IS NOT NULL THEN
        IF v_stored_ids = p_ids AND v_same_stream AND o_revision - v_first_stored = v_count - 1 THEN
          o_outcome := 'duplicate';
        ELSE
          o_outcome := 'partial_duplicate';
          o_revision := NULL;
          o_position := NULL;
        END IF;
        RETURN;
      END IF;
    END IF;
    SELECT max(e.revision) INTO v_current FROM event_store.events e WHERE e.stream = p_stream;
    v_mismatch := CASE p_expected
      WHEN 'any' THEN false
      WHEN 'no_stream' THEN v_current IS NOT NULL
      WHEN 'stream_exists' THEN v_current IS NULL
      ELSE v_current IS DISTINCT FROM p_expected::bigint
    END;
    IF v_mismatch THEN
      o_outcome := 'wrong_revision';
      o_revision := v_current;
      o_position := NULL;
      RETURN;
    END IF;
    o_outcome := 'appended';
    o_revision := coalesce(v_current, -1) + v_count;
    IF v_count = 0 THEN
      SELECT coalesce(max(e.position), 0) INTO o_position FROM event_store.events e WHERE e.stream = p_stream;
      RETURN;
    END IF;
    INSERT INTO event_store.events (position, stream, revision, event_id, event_type, data, metadata)
    SELECT v_base + batch.index - 1, p_stream, coalesce(v_current, -1) + batch.index,
           batch.event_id, batch.event_type, batch.data, batch.metadata
    FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY
         AS batch(event_id, event_type, data, metadata, index);
    o_position := v_base + v_count - 1;
  END;
  $fn$;
`;

/**
 * Group commit (docs/events-store.md, "Append and replay cost"): the appends of several writers in one statement,
 * so one transaction, one WAL flush and one round trip. Each append keeps its own expected revision and gets its
 * own answer, one row per append in order: a rejected append writes nothing and does not touch the others. The
 * appends' events are laid out flat (p_sizes says how many each has) and take consecutive positions in their order.
 * Every stream is locked first, in one order (the lock keys sorted), so two groups never deadlock; two appends to
 * one stream in a group run one after the other, the second seeing the first.
 */
const appendGroupSql = `
  CREATE OR REPLACE FUNCTION event_store.append_group(
    p_streams text[], p_expected text[], p_sizes int[], p_ids uuid[], p_types text[], p_data jsonb[],
    p_metadata jsonb[])
  RETURNS TABLE (o_outcome text, o_revision bigint, o_position bigint)
  LANGUAGE plpgsql AS $fn$
  DECLARE
    v_from int := 1;
    v_to int;
    v_offset int := 0;
    v_step record;
  BEGIN
    PERFORM pg_advisory_xact_lock(${eventStoreLockClass.stream}, locks.key)
      FROM (SELECT DISTINCT hashtext(s) AS key FROM unnest(p_streams) AS s ORDER BY 1) AS locks;
    FOR i IN 1 .. coalesce(cardinality(p_streams), 0) LOOP
      v_to := v_from + p_sizes[i] - 1;
      v_step := event_store.append_step(p_streams[i], p_expected[i], p_ids[v_from:v_to], p_types[v_from:v_to],
        p_data[v_from:v_to], p_metadata[v_from:v_to], v_offset);
      IF v_step.o_outcome = 'appended' THEN
        v_offset := v_offset + p_sizes[i];
      END IF;
      o_outcome := v_step.o_outcome;
      o_revision := v_step.o_revision;
      o_position := v_step.o_position;
      RETURN NEXT;
      v_from := v_to + 1;
    END LOOP;
  END;
  $fn$;
`;

/** One append on its own: what stores of an earlier version call (a rolling upgrade runs both). */
const appendToStreamSql = `
  CREATE OR REPLACE FUNCTION event_store.append_to_stream(
    p_stream text, p_expected text, p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[],
    OUT o_outcome text, OUT o_revision bigint, OUT o_position bigint)
  LANGUAGE plpgsql AS $fn$
  BEGIN
    PERFORM pg_advisory_xact_lock(${eventStoreLockClass.stream}, hashtext(p_stream));
    SELECT * INTO o_outcome, o_revision, o_position
      FROM event_store.append_step(p_stream, p_expected, p_ids, p_types, p_data, p_metadata, 0);
  END;
  $fn$;
`;

/** Creates the store's schema once; safe to call from many processes at the same time. */
export async function ensureEventStoreSchema(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, 0)', [eventStoreLockClass.schema]);
    await client.query(schemaSql);
    await client.query(appendStepSql);
    await client.query(appendGroupSql);
    await client.query(appendToStreamSql);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
