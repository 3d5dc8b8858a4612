import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { contestStream, problemStream, submissionStream } from '@oj/events';
import {
  aCaseJudged,
  aContestCreated,
  aContestProblemAdded,
  aProblemCreated,
  aProblemDefinition,
  aSubmissionCreated,
  aSubmissionJudged,
  someContestSettings,
} from '@oj/events/testing';
import { envelope, manualClock } from '@oj/platform';
import { startQueryApi, type QueryApiHarness } from '../query-api-harness';
import { registeredUsers, uidOf as uid } from '../query-api-seeding';
import { allCaseResultSchema } from '@oj/contracts';

type TestEvent = Parameters<typeof startQueryApi>[1]['history'][number];

const users = ['root', 'carla', 'alice', 'bob'] as const;
type Username = (typeof users)[number];

const problems = { open: 1, closed: 2 } as const;
/** An OI contest by carla from 10:00 to 15:00 UTC, its board sealed from 14:00; the clock reads 14:45. */
const sealedContest = 1;
const rejected = 'Guess 1 is out of range: -1';
const interaction = { interactorStatus: 'WA', firstToFinish: 'interactor' } as const;

/** Alice's interactive run: TLE after the interactor rejected her guess (issue 11, items 2 and 3). */
function alicesRun(
  submissionId: number,
  problemId: number,
  contest: { contestId: number; at: string } | null,
): TestEvent[] {
  const stream = submissionStream(submissionId);
  return [
    {
      stream,
      type: 'SubmissionCreated',
      data: aSubmissionCreated({
        submissionId,
        userId: uid('alice'),
        username: 'alice',
        problemId,
        problemDisplayId: `P${problemId}`,
        contestId: contest?.contestId ?? null,
        contestProblemId: contest?.contestId ?? null,
        ...(contest ? { submittedAt: `2026-01-10T${contest.at}.000Z` } : {}),
      }),
    },
    { stream, type: 'CaseJudged', data: aCaseJudged({ submissionId, seq: 1, status: 'AC' }) },
    {
      stream,
      type: 'CaseJudged',
      data: aCaseJudged({
        submissionId,
        seq: 2,
        caseId: 2,
        status: 'TLE',
        message: `Interactor (WA): ${rejected}`,
        interaction,
      }),
    },
    { stream, type: 'SubmissionJudged', data: aSubmissionJudged({ submissionId, status: 'TLE' }) },
  ];
}

const history: TestEvent[] = [
  ...registeredUsers(users),
  {
    stream: problemStream(problems.open),
    ...aProblemCreated({ problemId: problems.open, definition: aProblemDefinition({ displayId: 'P1', type: 'OI' }) }),
  },
  {
    stream: problemStream(problems.closed),
    ...aProblemCreated({
      problemId: problems.closed,
      definition: aProblemDefinition({ displayId: 'P2', openCaseResult: false }),
    }),
  },
  {
    stream: contestStream(sealedContest),
    type: 'ContestCreated',
    data: aContestCreated({
      contestId: sealedContest,
      type: 'OI',
      createdBy: uid('carla'),
      author: 'carla',
      settings: someContestSettings({ sealRank: true, sealRankAt: '2026-01-10T14:00:00.000Z' }),
    }),
  },
  {
    stream: contestStream(sealedContest),
    type: 'ContestProblemAdded',
    data: aContestProblemAdded({
      contestId: sealedContest,
      contestProblemId: sealedContest,
      problemId: problems.open,
      displayId: 'A',
    }),
  },
  ...alicesRun(1, problems.open, null),
  ...alicesRun(2, problems.closed, null),
  ...alicesRun(3, problems.open, { contestId: sealedContest, at: '14:30:00' }),
];

describe('issue 11 items 2 and 3: case messages and interactions in get-all-case-result', () => {
  let api: QueryApiHarness;
  const clock = manualClock(new Date('2026-01-10T14:45:00.000Z'));

  const cases = async (submitId: number, as: Username | null) => {
    const reply = await api.inject({ url: `/api/get-all-case-result?submitId=${submitId}`, as: as && uid(as) });
    const body = envelope(z.unknown()).parse(reply.json());
    expect(body.status, JSON.stringify(body)).toBe(200);
    return allCaseResultSchema.parse(body.data);
  };

  beforeAll(async () => {
    api = await startQueryApi(inject('databaseUrl'), { history, clock });
  });
  afterAll(() => api?.close());

  it('issue 11 item 2: root and the submitter read the case message as userOutput, with the interaction', async () => {
    for (const as of ['root', 'alice'] as const) {
      const reply = await cases(1, as);
      expect(reply?.judgeCaseList).toMatchObject([
        { seq: 1, status: 0, userOutput: null, interaction: null },
        {
          seq: 2,
          status: 1,
          userOutput: `Interactor (WA): ${rejected}`,
          interaction: { interactorStatus: -1, firstToFinish: 'interactor' },
        },
      ]);
    }
  });

  it('issue 11 item 2: anyone may read a public run outside contests, as in HOJ', async () => {
    expect((await cases(1, null))?.judgeCaseList?.[1]?.userOutput).toContain(rejected);
  });

  it('issue 11 item 2: a problem with openCaseResult off answers null, messages included, even to root', async () => {
    expect(await cases(2, 'alice')).toBeNull();
    expect(await cases(2, 'root')).toBeNull();
  });

  it('issue 11 item 2: a sealed viewer gets no message; the contest admins do', async () => {
    expect(await cases(3, 'alice')).toBeNull();
    expect(await cases(3, 'bob')).toBeNull();
    for (const as of ['carla', 'root'] as const) {
      expect((await cases(3, as))?.judgeCaseList?.[1]?.userOutput).toContain(rejected);
    }
  });
});
