import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { problemIdClaimStream, problemStream } from '@oj/events';
import { aProblemCreated, aProblemDefinition } from '@oj/events/testing';
import { awaitProjections } from '@oj/platform';
import { startApiHarness, type ApiHarness } from '../../api-harness';
import { logInAsRoot } from '../../root-session';
import { abandonedClaimAfterMs } from '@oj/command/testing';
import { problemMessages } from '@oj/command/testing';
import { aPlusBBody, loginAs } from '../../problem-api';

type Reply = { status: number; msg: string; data: { pid: number; problemId: string } | null };

describe('display ids are unique through claim streams (POST|PUT|DELETE /api/admin/problem)', () => {
  let harness: ApiHarness;
  let root: string;
  let problemAdmin: string;
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    harness.app
      .inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) })
      .then((reply) => reply.json() as Reply);
  const create = (token: string, problemId: string) =>
    call('POST', '/api/admin/problem', token, aPlusBBody({ problem: { problemId } }));
  const moveTo = (token: string, pid: number, problemId: string) =>
    call('PUT', '/api/admin/problem', token, aPlusBBody({ problem: { id: pid, problemId } }));
  const pidOf = async (problemId: string) => {
    const reply = await create(root, problemId);
    expect(reply).toMatchObject({ status: 200 });
    return reply.data?.pid ?? 0;
  };
  const rowsWith = (displayId: string) =>
    harness.db.selectFrom('problems').select('problem_id').where('display_id_key', '=', displayId).execute();

  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
    root = await logInAsRoot(harness);
    problemAdmin = await loginAs(harness, 'probadmin', 'problem_admin');
  });
  afterAll(async () => {
    await harness.close();
  });

  it('lets exactly one of two simultaneous creations of one new id win, every time', async () => {
    for (let round = 1; round <= 5; round += 1) {
      const replies = await Promise.all([create(root, `race${round}`), create(problemAdmin, `RACE${round}`)]);
      const statuses = replies.map((reply) => reply.status).sort();
      expect(statuses).toEqual([200, 400]);
      expect(replies.find((reply) => reply.status === 400)?.msg).toBe(problemMessages.displayIdExists['zh-CN']);
      expect(await rowsWith(`RACE${round}`)).toHaveLength(1);
    }
  });

  it('lets exactly one of two problems moved to one new id at once win', async () => {
    const [first, second] = [await pidOf('mv1'), await pidOf('mv2')];
    const replies = await Promise.all([moveTo(root, first, 'mvx'), moveTo(problemAdmin, second, 'MVX')]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
    expect(replies.find((reply) => reply.status === 400)?.msg).toBe(problemMessages.displayIdInUse['zh-CN']);
    expect(await rowsWith('MVX')).toHaveLength(1);
  });

  it('refuses to move a problem onto a held id, frees the old id after a move, and keeps an unchanged id', async () => {
    const [held, moving] = [await pidOf('ed1'), await pidOf('ed2')];
    expect(await moveTo(root, moving, ' Ed1 ')).toMatchObject({
      status: 400,
      msg: problemMessages.displayIdInUse['zh-CN'],
    });
    expect(await moveTo(root, moving, 'ed2')).toMatchObject({ status: 200 });
    expect(await moveTo(root, moving, 'ed3')).toMatchObject({ status: 200 });
    expect(await rowsWith('ED3')).toEqual([{ problem_id: moving }]);
    expect(await create(root, 'ed3')).toMatchObject({ status: 400, msg: problemMessages.displayIdExists['zh-CN'] });
    expect(await create(root, 'ed2')).toMatchObject({ status: 200, data: { problemId: 'ED2' } });
    expect(await rowsWith('ED1')).toEqual([{ problem_id: held }]);
  });

  it('frees the id of a deleted problem', async () => {
    const pid = await pidOf('del1');
    expect(await create(root, 'DEL1')).toMatchObject({ status: 400 });
    expect(await call('DELETE', `/api/admin/problem?pid=${pid}`, root)).toMatchObject({ status: 200 });
    expect(await create(root, 'del1')).toMatchObject({ status: 200, data: { problemId: 'DEL1' } });
  });

  it('keeps the ids of problems saved before claims existed (no claim stream: the read model holds them)', async () => {
    const legacy = aProblemCreated({ problemId: 900, definition: aProblemDefinition({ displayId: 'OLD1' }) });
    const { position } = await harness.store.append(problemStream(900), [{ id: randomUUID(), ...legacy }]);
    await awaitProjections(harness.pool, position, { timeoutMs: 20_000, projections: ['problems'] });
    expect(await create(root, 'old1')).toMatchObject({ status: 400, msg: problemMessages.displayIdExists['zh-CN'] });
    const other = await pidOf('old2');
    expect(await moveTo(root, other, 'OLD1')).toMatchObject({ status: 400 });
    expect(await moveTo(root, 900, 'old3')).toMatchObject({ status: 200 });
    expect(await create(root, 'old1')).toMatchObject({ status: 200 });
  });

  it('takes over a claim whose problem never appeared once the grace period is over, not before', async () => {
    const orphan = (displayId: string, ageMs: number) =>
      harness.store.append(problemIdClaimStream(displayId), [
        {
          id: randomUUID(),
          type: 'ProblemIdClaimed',
          data: { displayId, problemId: 999_999, claimedAt: new Date(Date.now() - ageMs).toISOString() },
        },
      ]);
    await orphan('ORPHAN1', abandonedClaimAfterMs + 60_000);
    await orphan('ORPHAN2', 1000);
    expect(await create(root, 'orphan1')).toMatchObject({ status: 200, data: { problemId: 'ORPHAN1' } });
    expect(await create(root, 'orphan2')).toMatchObject({ status: 400, msg: problemMessages.displayIdExists['zh-CN'] });
  });

  it('gives the id back when the save after the claim fails (an unknown tag is found after the claim)', async () => {
    const ghostTag = { tags: [{ id: 987_654, name: 'ghost' }] };
    const refused = await call(
      'POST',
      '/api/admin/problem',
      root,
      aPlusBBody({ problem: { problemId: 'fail1' }, ...ghostTag }),
    );
    expect(refused).toMatchObject({ status: 400, msg: expect.stringContaining('987654') });
    expect(await create(root, 'fail1')).toMatchObject({ status: 200 });
    const moving = await pidOf('fail2');
    const move = aPlusBBody({ problem: { id: moving, problemId: 'fail3' }, ...ghostTag });
    expect(await call('PUT', '/api/admin/problem', root, move)).toMatchObject({ status: 400 });
    expect(await create(root, 'fail3')).toMatchObject({ status: 200 });
    expect(await create(root, 'fail2')).toMatchObject({ status: 400 });
  });

  it('claims through the contest-problem create path too (POST /api/admin/contest/problem)', async () => {
    const now = Date.now();
    const contest = await call('POST', '/api/admin/contest', root, {
      title: 'Claims',
      type: 0,
      description: 'd',
      auth: 0,
      startTime: new Date(now - 3600_000).toISOString(),
      endTime: new Date(now + 3600_000).toISOString(),
      duration: 7200,
    });
    expect(contest.status).toBe(200);
    const { contest_id: cid } = await harness.db
      .selectFrom('contests')
      .select('contest_id')
      .where('title', '=', 'Claims')
      .executeTakeFirstOrThrow();
    const inContest = (problemId: string) =>
      call(
        'POST',
        '/api/admin/contest/problem',
        root,
        aPlusBBody({ problem: { problemId, cid: String(cid), auth: 3 } }),
      );
    await pidOf('cp1');
    expect(await inContest('Cp1')).toMatchObject({ status: 400, msg: problemMessages.displayIdExists['zh-CN'] });
    const replies = await Promise.all([inContest('cp2'), create(problemAdmin, 'CP2')]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
  });
});
