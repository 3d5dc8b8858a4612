import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { judgeSettingsSchema, problemStream, tagCatalogueStream } from '@oj/events';
import {
  aProblemCreated,
  aProblemDefinition,
  aProblemDeleted,
  aProblemEdited,
  aProblemTestCase,
  aTagAdded,
} from '@oj/events/testing';
import type { Database } from '@oj/read-models';
import {
  createProjectionTestbed,
  expectDuplicateDeliveryChangesNothing,
  expectIncrementalEqualsRebuild,
  type ProjectionTestbed,
  type TestEvent,
} from '../../runner/testing';
import { problemsProjection } from './problems.projection';

const snapshot = async (db: Kysely<Database>) => ({
  problems: await db.selectFrom('problems').selectAll().orderBy('problem_id').execute(),
  tags: await db.selectFrom('problem_tags').selectAll().orderBy('problem_id').orderBy('tag_id').execute(),
});

type Step = 'edit' | 'hide' | 'delete' | 'dropTag';

/** ProblemCreated as stored before the creator's uid was recorded (issue 10). */
function legacyCreated(problemId: number) {
  const { creatorId: _creatorId, ...data } = aProblemCreated({
    problemId,
    definition: aProblemDefinition({ displayId: `L${problemId}`, author: 'root' }),
  }).data;
  return data;
}

function historyOf(problemId: number, steps: readonly Step[]): TestEvent[] {
  const stream = problemStream(problemId);
  const definition = aProblemDefinition({ displayId: `P${problemId}`, tagIds: [1, 2] });
  const creatorId = problemId % 2 === 0 ? `uid-${problemId}` : null;
  const events: TestEvent[] = [{ stream, ...aProblemCreated({ problemId, definition, creatorId }) }];
  steps.forEach((step, index) => {
    const at = new Date(Date.UTC(2026, 1, 1, 0, index)).toISOString();
    if (step === 'edit') {
      const edited = { ...definition, title: `T${index}`, tagIds: [(index % 3) + 1], testDataVersion: `v${index}` };
      events.push({ stream, ...aProblemEdited({ problemId, definition: edited, editedAt: at }) });
    }
    if (step === 'hide') {
      events.push({
        stream,
        type: 'ProblemVisibilityChanged',
        data: { problemId, auth: 2, changedBy: 'root', changedAt: at },
      });
    }
    if (step === 'delete') events.push({ stream, ...aProblemDeleted({ problemId, deletedAt: at }) });
    if (step === 'dropTag')
      events.push({ stream: tagCatalogueStream, type: 'TagDeleted', data: { tagId: 1, deletedAt: at } });
  });
  return events;
}

const histories = fc
  .array(fc.array(fc.constantFrom<Step>('edit', 'hide', 'delete', 'dropTag'), { maxLength: 5 }), {
    minLength: 1,
    maxLength: 3,
  })
  .map((problems) => problems.flatMap((steps, index) => historyOf(1000 + index, steps)));

describe('problemsProjection', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('keeps the row, its tags and the JudgeSettings snapshot a submission copies', async () => {
    await testbed.reset(problemsProjection);
    const definition = aProblemDefinition({
      displayId: 'abc1',
      type: 'OI',
      judgeMode: 'spj',
      judgeProgram: { language: 'C++', code: 'int main(){}', sha256: 'c'.repeat(64) },
      testCases: [aProblemTestCase({ score: 40 }), aProblemTestCase({ caseId: 2, inputName: '2.in', score: 60 })],
      tagIds: [7],
    });
    await testbed.append([
      { stream: tagCatalogueStream, ...aTagAdded({ tagId: 7 }) },
      { stream: problemStream(1000), ...aProblemCreated({ problemId: 1000, definition }) },
    ]);
    await testbed.runToHead(problemsProjection);
    const { problems, tags } = await snapshot(testbed.db);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ display_id: 'abc1', display_id_key: 'ABC1', type: 'OI', auth: 1 });
    const settings = judgeSettingsSchema.parse(problems[0]?.judge_settings);
    expect(settings.judgeProgram).toEqual({ language: 'C++', sourceSha256: 'c'.repeat(64) });
    expect(settings.testCases.map((testCase) => testCase.score)).toEqual([40, 60]);
    expect(tags).toEqual([{ problem_id: 1000, tag_id: 7 }]);
  });

  it('F14: records the creator uid from ProblemCreated, whatever author text the definition names', async () => {
    await testbed.reset(problemsProjection);
    const definition = aProblemDefinition({ author: 'somebody-else' });
    const edited = { ...definition, author: 'owner', title: 'Edited' };
    await testbed.append([
      { stream: problemStream(1000), ...aProblemCreated({ problemId: 1000, definition, creatorId: 'owner-uid' }) },
      { stream: problemStream(1000), ...aProblemEdited({ problemId: 1000, definition: edited, editedBy: 'root' }) },
      // An event appended before the uid was recorded: no creator, so only root and problem admins manage it.
      { stream: problemStream(1001), type: 'ProblemCreated', data: legacyCreated(1001) },
    ]);
    await testbed.runToHead(problemsProjection);
    const rows = await testbed.db
      .selectFrom('problems')
      .select(['problem_id', 'author', 'creator_id'])
      .orderBy('problem_id')
      .execute();
    expect(rows).toEqual([
      { problem_id: 1000, author: 'owner', creator_id: 'owner-uid' },
      { problem_id: 1001, author: 'root', creator_id: null },
    ]);
  });

  it('has no JudgeSettings while the problem has no test case', async () => {
    await testbed.reset(problemsProjection);
    const definition = aProblemDefinition({ testCases: [] });
    await testbed.append([{ stream: problemStream(1000), ...aProblemCreated({ definition }) }]);
    await testbed.runToHead(problemsProjection);
    const row = await testbed.db.selectFrom('problems').select('judge_settings').executeTakeFirst();
    expect(row?.judge_settings).toBeNull();
  });

  it('ignores a duplicate delivery', async () => {
    await expectDuplicateDeliveryChangesNothing(
      testbed,
      problemsProjection,
      [...historyOf(1000, ['edit', 'hide', 'dropTag', 'edit']), ...historyOf(1001, ['delete'])],
      snapshot,
    );
  });

  it('builds the same rows incrementally as by a rebuild', async () => {
    await expectIncrementalEqualsRebuild(testbed, problemsProjection, histories, snapshot, { numRuns: 8 });
  });
});
