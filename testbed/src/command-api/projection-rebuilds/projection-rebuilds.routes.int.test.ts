import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pino from 'pino';
import { projections, recordOwnedTables, serveRebuildRequests } from '@oj/projector';
import { envelope } from '@oj/platform';
import { projectionRebuildSchema, projectionsOverviewSchema, rebuildProjectionsReplySchema } from '@oj/contracts';
import { startApiHarness, type ApiHarness } from '../api-harness';
import { logInAsRoot } from '../root-session';

describe('projection rebuilds over HTTP (issue 13 item 5)', () => {
  let harness: ApiHarness;
  let rootToken: string;
  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
    rootToken = await logInAsRoot(harness);
    // What the projector does at start; the worker below does it too.
    await recordOwnedTables(harness.db, projections);
  });
  afterAll(async () => {
    await harness.close();
  });

  const rebuild = (projection: string, headers: Record<string, string> = { 'accept-language': 'en-US' }) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/admin/projections/rebuild',
      headers: { authorization: rootToken, ...headers },
      payload: { projection },
    });
  const overview = async () =>
    envelope(projectionsOverviewSchema).parse(
      (await harness.app.inject({ url: '/api/admin/projections', headers: { authorization: rootToken } })).json(),
    ).data;
  const requestCount = async () =>
    Number(
      (
        await harness.db
          .selectFrom('projection_rebuilds')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('queues one projection, refuses a second request while it is active, and records nothing it refuses', async () => {
    const first = envelope(rebuildProjectionsReplySchema).parse((await rebuild('users')).json());
    expect(first.data.queued).toEqual([{ id: expect.any(String), projection: 'users' }]);

    const again = await rebuild('users');
    expect(again.json()).toEqual({
      status: 400,
      msg: 'This projection is already being rebuilt: wait for it to finish!',
      data: null,
    });
    expect((await rebuild('users', { 'accept-language': 'zh-CN' })).json().msg).toBe(
      '该投影正在重建中，请等待其完成！',
    );
    expect((await rebuild('no-such-projection')).json()).toMatchObject({
      status: 400,
      msg: 'There is no such projection!',
    });
    expect((await rebuild('')).json()).toMatchObject({ status: 400 });
    expect(await requestCount()).toBe(1);

    const users = (await overview()).projections.find((projection) => projection.name === 'users');
    expect(users).toMatchObject({ state: 'rebuilding', lastRebuild: { state: 'queued', projection: 'users' } });
  });

  it('lets the projector run every request, with progress and a report of identical rows', async () => {
    const all = envelope(rebuildProjectionsReplySchema).parse((await rebuild('all')).json()).data;
    expect(all.alreadyRebuilding).toEqual(['users']);
    expect(all.queued).toHaveLength(projections.length - 1);

    const stop = new AbortController();
    const pending = new Set([...all.queued.map((queued) => queued.id)]);
    const firstId = (
      await harness.db.selectFrom('projection_rebuilds').select('id').orderBy('id').executeTakeFirstOrThrow()
    ).id;
    pending.add(String(firstId));
    let allDone: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (allDone = resolve));
    const serving = serveRebuildRequests({
      db: harness.db,
      store: harness.store,
      projections,
      databaseUrl: harness.databaseUrl,
      logger: pino({ level: 'silent' }),
      signal: stop.signal,
      onFinished: (id) => {
        pending.delete(id);
        if (pending.size === 0) allDone();
      },
    });
    await done;
    stop.abort();
    await serving;

    const { head, projections: statuses } = await overview();
    expect(head).not.toBeNull();
    expect(statuses.map((status) => status.name).sort()).toEqual(projections.map((p) => p.name).sort());
    for (const status of statuses) {
      expect(status.lastRebuild).toMatchObject({ state: 'done', error: null, report: { identical: true } });
      expect(status.state).toBe('running');
      expect(status.lagEvents).toBeGreaterThanOrEqual(0);
    }
    const users = statuses.find((status) => status.name === 'users');
    expect(users?.tables).toEqual([{ table: 'users', rows: 1 }]);

    const one = await harness.app.inject({
      url: `/api/admin/projections/rebuild?id=${users?.lastRebuild?.id}`,
      headers: { authorization: rootToken },
    });
    const record = envelope(projectionRebuildSchema).parse(one.json()).data;
    expect(record).toMatchObject({ projection: 'users', state: 'done', requestedBy: expect.any(String) });
    expect(record.replayedEvents).toBe(record.totalEvents);
    expect(record.report?.tables).toEqual([
      { table: 'users', oldRows: 1, newRows: 1, onlyInOld: 0, onlyInNew: 0, changed: 0, examples: [] },
    ]);
    const missing = await harness.app.inject({
      url: '/api/admin/projections/rebuild?id=999999',
      headers: { authorization: rootToken },
    });
    expect(missing.json()).toMatchObject({ status: 404, data: null });
  });
});
