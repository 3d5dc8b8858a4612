import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { problemStream } from '@oj/events';
import { aProblemCreated, aProblemDefinition } from '@oj/events/testing';
import { awaitProjections } from '@oj/platform';
import { logInAsRoot } from '../root-session';
import { startApiHarness, type ApiHarness } from '../api-harness';
import { testRunMessages } from '@oj/command/testing';
import { aPlusBBody } from '../problem-api';

const extraFile = { content: 'int x;', sha256: 'a'.repeat(64) };

describe('file names the judge puts in the box (security F3): refused at the command, nothing appended', () => {
  let harness: ApiHarness;
  let root: string;
  const post = async (url: string, payload: object) =>
    (await harness.app.inject({ method: 'POST', url, headers: { authorization: root }, payload })).json() as {
      status: number;
      msg: string;
      data: unknown;
    };
  const testRun = (pid: number) =>
    post('/api/submit-problem-test-judge', {
      pid,
      type: 'public',
      language: 'C',
      code: 'int main(void) { /* long enough for the fifty characters */ return 0; }',
      userInput: '1',
    });
  const appendProblem = async (problemId: number, definition: object) => {
    const created = aProblemCreated({ problemId });
    const { position } = await harness.store.append(problemStream(problemId), [
      { id: randomUUID(), type: created.type, data: { ...created.data, definition } },
    ]);
    await awaitProjections(harness.pool, position, { timeoutMs: 20_000 });
  };

  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'));
    root = await logInAsRoot(harness);
  });
  afterAll(async () => {
    await harness.close();
  });

  it('F3: refuses to save a file-IO output name that leaves the box', async () => {
    const before = await harness.eventCount();
    const body = aPlusBBody({
      problem: { problemId: 'fio1', isFileIO: true, ioReadFileName: 'in.txt', ioWriteFileName: '../../secret' },
    });
    const reply = await post('/api/admin/problem', body);
    expect(reply).toEqual({ status: 400, msg: expect.stringContaining('"../../secret"'), data: null });
    expect(await harness.eventCount()).toBe(before);
  });

  it('F3: refuses to save an extra file named with a path', async () => {
    const before = await harness.eventCount();
    const body = aPlusBBody({ problem: { problemId: 'fio2', userExtraFile: JSON.stringify({ '../x.h': 'int x;' }) } });
    expect((await post('/api/admin/problem', body)).status).toBe(400);
    expect(await harness.eventCount()).toBe(before);
  });

  it('F3: refuses a test run of a problem whose stored judge settings name ../../secret, appending nothing', async () => {
    // A row projected before the catalogue refused such names: the command reads the settings through it.
    const fileIo = { inputFileName: 'in.txt', outputFileName: 'out.txt' };
    await appendProblem(2001, aProblemDefinition({ displayId: 'LEGACY1', fileIo }));
    await sql`update problems set judge_settings = jsonb_set(judge_settings, '{fileIo,outputFileName}', '"../../secret"')
              where problem_id = 2001`.execute(harness.db);
    const before = await harness.eventCount();
    expect(await testRun(2001)).toEqual({ status: 400, msg: testRunMessages.problemMissing['zh-CN'], data: null });
    expect(await harness.eventCount()).toBe(before);
  });

  it('F3: a stored ProblemCreated holding an unsafe name does not stop the projections', async () => {
    const fileIo = { inputFileName: 'in.txt', outputFileName: '../../secret' };
    await appendProblem(2002, {
      ...aProblemDefinition({ displayId: 'LEGACY2', fileIo }),
      userExtraFiles: { '../x': extraFile },
    });
    await appendProblem(2003, aProblemDefinition({ displayId: 'AFTER1' }));
    const rows = await harness.db
      .selectFrom('problems')
      .select('problem_id')
      .where('problem_id', 'in', [2002, 2003])
      .execute();
    expect(rows.map((row) => row.problem_id)).toEqual([2003]);
  });
});
