import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { judgeSettingsSchema } from '@oj/events';
import { awaitProjections, systemClock } from '@oj/platform';
import { startApiHarness, type ApiHarness } from '../../api-harness';
import { seedDemoProblems } from '@oj/command/testing';

describe('seedDemoProblems', () => {
  let harness: ApiHarness;
  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
  });
  afterAll(async () => {
    await harness.close();
  });

  it('adds A+B, a special judge, an interactive and an OI subtask problem once, each judgeable', async () => {
    const options = {
      store: harness.store,
      db: harness.db,
      blobs: harness.blobs,
      clock: systemClock,
      newId: randomUUID,
      awaitProjections: (position: bigint) =>
        awaitProjections(harness.pool, position, { timeoutMs: 20_000, projections: ['problems'] }),
    };
    expect(await seedDemoProblems(options)).toBe(4);
    expect(await seedDemoProblems(options)).toBe(0);
    const rows = await harness.db.selectFrom('problems').selectAll().orderBy('problem_id').execute();
    expect(rows.map((row) => [row.display_id, row.title])).toEqual([
      ['1000', 'A+B Problem'],
      ['1001', 'Float Division (special judge)'],
      ['1002', 'Guess the Number (interactive)'],
      ['1003', 'Triangle Sum (OI, subtasks)'],
    ]);
    const settings = rows.map((row) => judgeSettingsSchema.parse(row.judge_settings));
    expect(settings.map((entry) => [entry.judgeMode, entry.problemType, entry.testCases.length])).toEqual([
      ['default', 'ACM', 3],
      ['spj', 'ACM', 3],
      ['interactive', 'ACM', 3],
      ['default', 'OI', 4],
    ]);
    expect(Object.keys(settings[1]?.judgeExtraFiles ?? {}).sort()).toEqual(['tolerance.h', 'verdict-codes.h']);
    expect(settings[3]).toMatchObject({ ioScore: 100, judgeCaseMode: 'subtask_lowest' });
    for (const entry of settings) {
      for (const testCase of entry.testCases) expect(await harness.blobs.has(testCase.outputSha256)).toBe(true);
      if (entry.judgeProgram) expect(await harness.blobs.has(entry.judgeProgram.sourceSha256)).toBe(true);
    }
    const list = await harness.app.inject({ url: '/api/get-problem-list' });
    expect(list.json().data.total).toBe(4);
  });
});
