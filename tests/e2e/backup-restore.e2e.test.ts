import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createEventStore } from '@oj/events';
import path from 'node:path';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestDatabase } from '@oj/events/testing';
import { backUp, restore } from '../../scripts/stack/event-store-backup';
import {
  aPlusBProblemBody,
  createContestThroughApi,
  liftSubmitInterval,
  logInThroughApi,
  registerAndLogIn,
  waitForContestVerdicts,
} from '../support/journeys';
import { startTestStack, type TestStack } from '../support/stack';

// Issue 14 (3): a backup restored into an empty database and DATA_DIR, every read model rebuilt from the
// events, answers the API exactly as the site it was taken from.
const pythonSum = 'a, b = map(int, input().split())\nprint(a + b)\n';
const pythonDifference = 'a, b = map(int, input().split())\nprint(a - b)\n';
const scratch = path.resolve(import.meta.dirname, '../../.tmp/backups');

describe('backup and restore', () => {
  const cleanUps: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp().catch(() => undefined);
  });

  async function answers(stack: TestStack, cid: number) {
    const root = await logInThroughApi(stack, 'root', stack.rootPassword);
    const get = async (url: string) => (await stack.request(url, { token: root })).body;
    return {
      problems: await get('/api/get-problem-list?currentPage=1&limit=30'),
      submissions: await get('/api/get-submission-list?onlyMine=false&currentPage=1&limit=30'),
      rank: (
        await stack.request('/api/get-contest-rank', {
          method: 'POST',
          token: root,
          body: {
            cid,
            currentPage: 1,
            limit: 50,
            forceRefresh: true,
            removeStar: false,
            concernedList: [],
            keyword: '',
          },
        })
      ).body,
      aliceHome: await get('/api/get-user-home-info?username=alice'),
      bobHome: await get('/api/get-user-home-info?username=bob'),
      contestSubmissions: await get(
        `/api/contest-submissions?contestID=${cid}&beforeContestSubmit=false&currentPage=1&limit=30&containsEnd=true`,
      ),
    };
  }

  it('restores into an empty database and DATA_DIR, rebuilds every read model, and answers identically', async () => {
    const source = await startTestStack({ judgeWorkers: 1 });
    cleanUps.push(() => source.stop());
    const root = await logInThroughApi(source, 'root', source.rootPassword);
    await liftSubmitInterval(source, root);
    const problem = await source.request<{ pid: number }>('/api/admin/problem', {
      method: 'POST',
      token: root,
      body: aPlusBProblemBody({ problemId: 'BSUM', title: 'Backup sum', languages: ['Python3'] }),
    });
    expect(problem.body.status).toBe(200);
    const pid = problem.body.data.pid;
    const alice = await registerAndLogIn(source, {
      username: 'alice',
      password: 'secret1',
      email: 'alice@example.com',
    });
    const bob = await registerAndLogIn(source, { username: 'bob', password: 'secret1', email: 'bob@example.com' });
    const now = Date.now();
    const cid = await createContestThroughApi(source, root, {
      title: 'Backup Cup',
      type: 0,
      description: 'e2e',
      auth: 0,
      startTime: new Date(now - 60 * 60_000).toISOString(),
      endTime: new Date(now + 60 * 60_000).toISOString(),
      duration: 7200,
      sealRank: false,
      autoRealRank: true,
      openRank: true,
    });
    const added = await source.request('/api/admin/contest/add-problem-from-public', {
      method: 'POST',
      token: root,
      body: { pid, cid, displayId: 'A' },
    });
    expect(added.body.status).toBe(200);

    const submit = async (token: string, code: string, contest: number | null) => {
      const reply = await source.request<{ submitId: number }>('/api/submit-problem-judge', {
        method: 'POST',
        token,
        body: {
          pid: contest ? 'A' : 'BSUM',
          language: 'Python3',
          code,
          cid: contest ?? 0,
          gid: null,
          tid: null,
          isRemote: false,
        },
      });
      expect(reply.body.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.data.submitId;
    };
    const practice = [await submit(alice, pythonSum, null), await submit(bob, pythonDifference, null)];
    const contest = [await submit(alice, pythonSum, cid), await submit(bob, pythonDifference, cid)];
    await waitForContestVerdicts(source, root, cid, contest);
    await vi.waitFor(
      async () => {
        const list = await source.request<{ records: { submitId: number; status: number }[] }>(
          '/api/get-submission-list?onlyMine=false&currentPage=1&limit=30',
          { token: root },
        );
        const pending = list.body.data.records.filter(
          (row) => practice.includes(row.submitId) && [5, 6, 7].includes(row.status),
        );
        if (pending.length > 0) throw new Error(`practice submissions still judging: ${pending.length}`);
      },
      { timeout: 60_000, interval: 250 },
    );
    const before = await answers(source, cid);
    // The status page lists practice submissions only (HOJ); the contest's are in contestSubmissions.
    expect(before.submissions).toMatchObject({ status: 200, data: { total: 2 } });
    expect(before.contestSubmissions).toMatchObject({ status: 200, data: { total: 2 } });
    expect(before.problems).toMatchObject({ status: 200 });

    const backupDir = path.join(await mkdtemp(`${scratch}-`), 'backup');
    cleanUps.push(() => rm(path.dirname(backupDir), { recursive: true, force: true }));
    const manifest = await backUp({ databaseUrl: source.databaseUrl, dataDir: source.dataDir, target: backupDir });
    expect(manifest.eventCount).toBeGreaterThan(10);

    const database = await createTestDatabase(inject('databaseUrl'));
    cleanUps.push(() => database.drop());
    const dataDir = await mkdtemp(`${scratch}-data-`);
    cleanUps.push(() => rm(dataDir, { recursive: true, force: true }));
    const restored = await restore({
      databaseUrl: database.url,
      dataDir,
      source: backupDir,
      // The figures docs/architecture.md quotes (events, transaction ids used up and how long that took).
      onProgress: (message) => console.log(`restore: ${message}`),
    });
    expect(restored.eventCount).toBe(manifest.eventCount);
    expect(restored.rebuilt.length).toBeGreaterThan(5);

    const target = await startTestStack({ judgeWorkers: 0, env: { DATABASE_URL: database.url, DATA_DIR: dataDir } });
    cleanUps.push(() => target.stop());
    const after = await answers(target, cid);

    expect(after).toEqual(before);
    // New appends land after the restored history, and new problems take new ids (the id sequences moved on).
    const targetRoot = await logInThroughApi(target, 'root', target.rootPassword);
    const next = await target.request<{ pid: number }>('/api/admin/problem', {
      method: 'POST',
      token: targetRoot,
      body: aPlusBProblemBody({ problemId: 'BNEXT', title: 'After restore', languages: ['Python3'] }),
    });
    expect(next.body.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body.data.pid).toBeGreaterThan(pid);
    const problems = await target.request<{ total: number }>('/api/get-problem-list?currentPage=1&limit=30', {
      token: targetRoot,
    });
    expect(problems.body.data.total).toBe((before.problems.data as { total: number }).total + 1);
  });

  it('moves transaction ids past the restored positions, so a new append lands after them', async () => {
    const database = await createTestDatabase(inject('databaseUrl'));
    cleanUps.push(() => database.drop());
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const current = BigInt(
      (await client.query<{ id: string }>('SELECT pg_current_xact_id()::text AS id')).rows[0]?.id ?? 0,
    );
    await client.end();
    // A backup from an older cluster: its one event was appended 200,000 transactions ahead of this one.
    const position = ((current + 200_000n) << 20n).toString();
    const backupDir = await mkdtemp(`${scratch}-synthetic-`);
    cleanUps.push(() => rm(backupDir, { recursive: true, force: true }));
    const event = {
      position,
      stream: 'site-notes',
      revision: '0',
      event_id: randomUUID(),
      event_type: 'SiteNoteWritten',
      data: { text: 'before' },
      metadata: {},
      recorded_at: '2026-01-01 00:00:00.123456+00',
    };
    await writeFile(path.join(backupDir, 'events.ndjson'), `${JSON.stringify(event)}\n`);
    const manifest = { format: 1, createdAt: new Date().toISOString(), eventCount: 1, lastPosition: position };
    await writeFile(path.join(backupDir, 'manifest.json'), JSON.stringify(manifest));
    const dataDir = await mkdtemp(`${scratch}-data-`);
    cleanUps.push(() => rm(dataDir, { recursive: true, force: true }));
    await mkdir(dataDir, { recursive: true });

    const started = performance.now();
    const restored = await restore({ databaseUrl: database.url, dataDir, source: backupDir });
    console.log(
      `restore: used up ${restored.advancedIds} transaction ids in ${Math.round(performance.now() - started)} ms`,
    );
    expect(restored.advancedIds).toBeGreaterThanOrEqual(199_000);

    const store = await createEventStore({ databaseUrl: database.url });
    cleanUps.push(() => store.close());
    const appended = await store.append(
      'site-notes',
      [{ id: randomUUID(), type: 'SiteNoteWritten', data: { text: 'after' } }],
      { expectedRevision: 0n },
    );
    expect(appended.position).toBeGreaterThan(BigInt(position));
    const read = await store.readStream('site-notes');
    expect(read.map((recorded) => (recorded.data as { text: string }).text)).toEqual(['before', 'after']);
  });
});
