import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contestStream } from '@oj/events';
import { aContestCreated, aContestProblemAdded, someContestSettings } from '@oj/events/testing';
import type { Database } from '@oj/read-models';
import {
  createProjectionTestbed,
  expectDuplicateDeliveryChangesNothing,
  expectIncrementalEqualsRebuild,
  type ProjectionTestbed,
  type TestEvent,
} from '../../runner/testing';
import { contestsProjection } from './contests.projection';

/** The `minute`-th minute of 2026-01-02, after every builder's default instant. */
const at = (minute: number) => new Date(Date.UTC(2026, 0, 2, 0, minute)).toISOString();

const snapshot = async (db: Kysely<Database>) => ({
  contests: (await sql`SELECT * FROM contests ORDER BY contest_id`.execute(db)).rows,
  problems: (await sql`SELECT * FROM contest_problems ORDER BY contest_problem_id`.execute(db)).rows,
  announcements: (await sql`SELECT * FROM contest_announcements ORDER BY announcement_id`.execute(db)).rows,
});

const contestEvent = (contestId: number, type: string, data: object): TestEvent => ({
  stream: contestStream(contestId),
  type,
  data: { contestId, ...data },
});

const contestId = fc.constantFrom(1, 2);
const minute = fc.integer({ min: 0, max: 59 });
const event: fc.Arbitrary<TestEvent> = fc.oneof(
  contestId.map((id) => contestEvent(id, 'ContestCreated', aContestCreated({ contestId: id }))),
  fc.record({ id: contestId, title: fc.constantFrom('Weekly', 'Monthly'), minute }).map(({ id, title, minute }) =>
    contestEvent(id, 'ContestSettingsChanged', {
      settings: someContestSettings({ title }),
      changedBy: 'root-uid',
      changedAt: at(minute),
    }),
  ),
  fc
    .record({ id: contestId, visible: fc.boolean(), minute })
    .map(({ id, visible, minute }) =>
      contestEvent(id, 'ContestVisibilityChanged', { visible, changedBy: 'root-uid', changedAt: at(minute) }),
    ),
  fc
    .record({ id: contestId, problem: fc.integer({ min: 1, max: 3 }) })
    .map(({ id, problem }) =>
      contestEvent(
        id,
        'ContestProblemAdded',
        aContestProblemAdded({ contestId: id, contestProblemId: id * 10 + problem }),
      ),
    ),
  fc.record({ id: contestId, problem: fc.integer({ min: 1, max: 3 }), minute }).map(({ id, problem, minute }) =>
    contestEvent(id, 'ContestProblemChanged', {
      contestProblemId: id * 10 + problem,
      displayId: `P${minute}`,
      displayTitle: `Problem ${minute}`,
      color: null,
      changedAt: at(minute),
    }),
  ),
  fc
    .record({ id: contestId, announcement: fc.integer({ min: 1, max: 2 }), visible: fc.boolean(), minute })
    .map(({ id, announcement, visible, minute }) =>
      contestEvent(id, 'ContestAnnouncementPosted', {
        announcementId: id * 10 + announcement,
        title: `News ${minute}`,
        content: 'Read me.',
        visible,
        authorId: 'root-uid',
        authorUsername: 'root',
        postedAt: at(minute),
      }),
    ),
  contestId.map((id) => contestEvent(id, 'ContestDeleted', { deletedBy: 'root-uid', deletedAt: at(59) })),
);

describe('contestsProjection', () => {
  let testbed: ProjectionTestbed;
  beforeAll(async () => {
    testbed = await createProjectionTestbed(inject('databaseUrl'));
  });
  afterAll(async () => {
    await testbed.close();
  });

  it('keeps a contest with its settings, visibility and problems, stamped with the events’ own instants', async () => {
    await testbed.reset(contestsProjection);
    await testbed.append([
      contestEvent(1, 'ContestCreated', aContestCreated({ contestId: 1 })),
      contestEvent(1, 'ContestProblemAdded', aContestProblemAdded({ contestId: 1, contestProblemId: 11 })),
      contestEvent(1, 'ContestSettingsChanged', {
        settings: someContestSettings({ title: 'Monthly' }),
        changedBy: 'root-uid',
        changedAt: at(5),
      }),
      contestEvent(1, 'ContestVisibilityChanged', { visible: false, changedBy: 'root-uid', changedAt: at(6) }),
      contestEvent(1, 'ContestProblemChanged', {
        contestProblemId: 11,
        displayId: 'B',
        displayTitle: 'Renamed',
        color: '#ff0000',
        changedAt: at(7),
      }),
    ]);
    await testbed.runToHead(contestsProjection);
    const { contests, problems } = await snapshot(testbed.db);
    expect(contests).toMatchObject([{ contest_id: 1, title: 'Monthly', visible: false, modified_at: new Date(at(5)) }]);
    expect(problems).toMatchObject([
      { contest_problem_id: 11, display_id: 'B', display_title: 'Renamed', modified_at: new Date(at(7)) },
    ]);
  });

  it('ignores a duplicate delivery', async () => {
    const [history] = fc.sample(fc.array(event, { minLength: 10, maxLength: 14 }), { numRuns: 1, seed: 11 });
    await expectDuplicateDeliveryChangesNothing(testbed, contestsProjection, history ?? [], snapshot);
  });

  it('builds incrementally the rows a rebuild from zero gives', async () => {
    await expectIncrementalEqualsRebuild(testbed, contestsProjection, fc.array(event, { maxLength: 14 }), snapshot, {
      numRuns: 10,
    });
  });
});
