import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contestStream, userStream } from '@oj/events';
import { aUserRegistered } from '@oj/events/testing';
import { createTokenService, type TokenService } from '@oj/platform';
import { projections } from '@oj/projector';
import {
  contestHistories,
  createProjectionTestbed,
  type ContestHistory,
  type ProjectionTestbed,
} from '@oj/projector/testing';
import { queryApiOver } from '../query-api-harness';

/**
 * The board at any instant through the API (issue 13 item 1): record what get-contest-rank answers after each
 * event while the projections follow, then ask for each of those positions afterwards: the page folded from
 * the events equals the page the tables gave then, live and sealed. Who may ask is checked too.
 */
const startMs = Date.parse('2026-01-10T10:00:00.000Z');
const at = (seconds: number) => startMs + seconds * 1000;
const admin = 'root-uid'; // the histories' contest creator (aContestCreated's default)

describe('get-contest-rank at a past position', () => {
  let testbed: ProjectionTestbed;
  let app: FastifyInstance | undefined;
  let tokens: TokenService;
  let nowMs = at(99);
  const clock = { now: () => new Date(nowMs) };

  /** A new API instance (the clock and tokens set): one serves every sample. */
  const restartApi = async () => {
    await app?.close();
    app = await queryApiOver(testbed, { tokens, clock });
  };

  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
    tokens = createTokenService({ secret: 'board-history-test-secret-of-32-chars', clock });
    await restartApi();
  });
  afterAll(async () => {
    await app?.close();
    await testbed.close();
  });

  const rank = async (as: string, body: Record<string, unknown>) => {
    if (!app) throw new Error('no API');
    const response = await app.inject({
      method: 'POST',
      url: '/api/get-contest-rank',
      headers: { authorization: await tokens.issue(as, 0) },
      payload: { cid: 7, limit: 50, ...body },
    });
    return response.json() as { status: number; msg: string; data: { records: unknown[]; total: number } | null };
  };

  const project = async () => {
    for (const projection of projections) await testbed.runToHead(projection);
  };

  /**
   * Fresh store and tables, then the users (an admin, three contestants). The API is not restarted: its history
   * cache must notice that the store's history was replaced and fold the new one (positions keep growing, so a
   * cache extended with the new events would mix two contests 7).
   */
  const startOver = async () => {
    for (const projection of projections) await testbed.reset(projection);
    await testbed.append(
      [admin, 'u1', 'u2', 'u3'].map((userId) => ({
        stream: userStream(userId),
        ...aUserRegistered({
          userId,
          username: userId,
          email: `${userId}@example.com`,
          role: userId === admin ? 'root' : 'default_user',
        }),
      })),
    );
  };

  const asks = [
    { label: 'live (admin, forceRefresh)', as: admin, clockAt: at(99), body: { forceRefresh: true } },
    { label: 'sealed during the seal (admin)', as: admin, clockAt: at(99), body: {} },
    { label: 'after the end (contestant)', as: 'u1', clockAt: at(200), body: { containsEnd: true } },
  ] as const;

  it('equals the page the tables gave after each event, live and sealed, before and after a rejudge', async () => {
    const samples = fc.sample(
      contestHistories.filter((history) => history.records.length >= 5),
      { numRuns: 4, seed: 13 },
    );
    for (const history of samples as ContestHistory[]) {
      await startOver();
      const recorded: { position: bigint; pages: unknown[] }[] = [];
      for (const event of history.events) {
        const position = await testbed.append([event]);
        await project();
        const pages: unknown[] = [];
        for (const ask of asks) {
          nowMs = ask.clockAt;
          pages.push((await rank(ask.as, ask.body)).data?.records);
        }
        recorded.push({ position, pages });
      }
      for (const { position, pages } of recorded) {
        for (const [index, ask] of asks.entries()) {
          nowMs = ask.clockAt;
          const reply = await rank(ask.as, { ...ask.body, position: String(position) });
          expect(reply.status, `${ask.label} at ${position}: ${reply.msg}`).toBe(200);
          expect(reply.data?.records, `${ask.label} at ${position}`).toEqual(pages[index]);
        }
      }
    }
  }, 240_000);

  it('folds events whose positions have different digit counts (a contest event of 9 digits before submissions of 10)', async () => {
    const [history] = fc.sample(
      contestHistories.filter((candidate) => candidate.records.length >= 5),
      { numRuns: 1, seed: 29 },
    ) as ContestHistory[];
    if (!history) throw new Error('no history sampled');
    await startOver();
    await testbed.append(history.events);
    // Renumber below the settled horizon so that every event before the first submission (the users' and the
    // contest's) has one digit fewer than the rest: ordered as text, they would come after the submissions.
    const { rows } = await sql<{
      horizon: string;
    }>`SELECT (pg_snapshot_xmin(pg_current_snapshot())::text::bigint << 20)::text
      AS horizon`.execute(testbed.db);
    const horizon = BigInt(rows[0]?.horizon ?? '0');
    let boundary = 1n;
    while (boundary * 10n + 1000n < horizon) boundary *= 10n;
    await sql`UPDATE event_store.events AS events SET position = renumbered.position FROM (
        SELECT event_id, ${boundary.toString()}::bigint + row_number() OVER (ORDER BY position) - 1 - (
            SELECT count(*) FROM event_store.events WHERE position < (
              SELECT min(position) FROM event_store.events WHERE stream LIKE 'submission-%')) AS position
        FROM event_store.events) AS renumbered
      WHERE events.event_id = renumbered.event_id`.execute(testbed.db);
    await project();
    const last = await sql<{
      position: string;
    }>`SELECT max(position)::text AS position FROM event_store.events`.execute(testbed.db);
    nowMs = at(200);
    const live = await rank('u1', { containsEnd: true });
    expect(live.data?.records.length).toBeGreaterThan(0);
    const folded = await rank('u1', { containsEnd: true, position: last.rows[0]?.position });
    expect(folded.status, folded.msg).toBe(200);
    expect(folded.data?.records).toEqual(live.data?.records);
  });

  it('numbers star users as the live board does, kept or removed (the page cut from the folded rows finds them by name)', async () => {
    const [history] = fc.sample(
      contestHistories.filter((candidate) => candidate.records.filter((record) => record.userId === 'u2').length >= 2),
      { numRuns: 1, seed: 41 },
    ) as ContestHistory[];
    if (!history) throw new Error('no history sampled');
    await startOver();
    await testbed.append(history.events);
    const created = history.events.find((event) => event.type === 'ContestCreated')?.data as {
      settings: Record<string, unknown>;
    };
    await testbed.append([
      {
        stream: contestStream(7),
        type: 'ContestSettingsChanged',
        data: {
          contestId: 7,
          settings: { ...created.settings, starAccounts: ['u2'] },
          changedBy: admin,
          changedAt: new Date(at(150)).toISOString(),
        },
      },
    ]);
    await project();
    nowMs = at(200);
    const whole = await rank('u1', { containsEnd: true });
    expect(whole.data?.records).toContainEqual(expect.objectContaining({ uid: 'u2', rank: -1 }));
    for (const ask of [false, true].flatMap((removeStar) =>
      [1, 2].map((currentPage) => ({ removeStar, currentPage })),
    )) {
      const live = await rank('u1', { containsEnd: true, limit: 2, ...ask });
      const folded = await rank('u1', { containsEnd: true, limit: 2, ...ask, position: '999999999999999999' });
      expect(folded.status, folded.msg).toBe(200);
      const { position: _position, headPosition: _head, ...page } = folded.data as Record<string, unknown>;
      expect(page, JSON.stringify(ask)).toEqual(live.data);
    }
  });

  it('is for contest admins before the end, and for everyone after; a bad position or instant is refused', async () => {
    nowMs = at(99);
    expect((await rank('u1', { position: '1' })).status).toBe(403);
    expect((await rank('u1', { at: new Date(at(50)).toISOString() })).status).toBe(403);
    expect((await rank(admin, { at: new Date(at(50)).toISOString() })).status).toBe(200);
    nowMs = at(200);
    expect((await rank('u1', { at: new Date(at(50)).toISOString() })).status).toBe(200);
    expect((await rank('u1', { position: '-1' })).status).toBe(400);
    expect((await rank('u1', { at: 'yesterday' })).status).toBe(400);
  });
});
