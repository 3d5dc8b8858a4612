import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emptyReplay, replayAll, replayedRows } from '@oj/events/folds';
import { contestHistories } from './projections/contest-scoreboards/scoreboard-histories.fixture';
import { createProjectionTestbed, type ProjectionTestbed } from './runner/testing';

const run = promisify(execFile);
const cli = (databaseUrl: string, ...args: string[]) =>
  run('npx', ['tsx', 'services/projector/src/replay-cli.ts', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, EVENTSTORE_URL: '' },
  });

describe('npm run replay -- contest <cid>', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('prints the board folded from the stored events up to a position, and refuses bad arguments', async () => {
    const [history] = fc.sample(
      contestHistories.filter((h) => h.contest.type === 'ACM' && h.records.some((r) => r.status === 1)),
      { numRuns: 1, seed: 7 },
    );
    if (!history) throw new Error('no sample');
    await testbed.append(history.events);
    const recorded = await testbed.readAll();
    const middle = recorded[Math.floor(recorded.length / 2)];
    if (!middle) throw new Error('no events');

    for (const position of [middle.position, recorded.at(-1)?.position ?? 0n]) {
      const { stdout } = await cli(testbed.databaseUrl, 'contest', '7', '--position', String(position), '--json');
      const printed = JSON.parse(stdout) as { position: string; rows: { userId: string; ac: number }[] };
      const expected = replayedRows(
        replayAll(
          emptyReplay(7),
          recorded.filter((event) => event.position <= position),
        ),
        'live',
      );
      expect(printed.position).toBe(String(position));
      expect(new Map(printed.rows.map((row) => [row.userId, row.ac]))).toEqual(
        new Map([...expected].map(([userId, row]) => [userId, row.ac])),
      );
    }

    const { stdout: text } = await cli(testbed.databaseUrl, 'contest', '7', '--at', new Date().toISOString());
    expect(text).toMatch(/^contest 7 \(ACM\), live board as of event position \d+/);
    await expect(cli(testbed.databaseUrl, 'contest', 'x')).rejects.toMatchObject({ code: 2 });
    await expect(cli(testbed.databaseUrl, 'contest', '8')).rejects.toMatchObject({ code: 1 });
  }, 60_000);
});
