import { describe, it } from 'vitest';
import type { SubmissionEvent } from '@oj/events';
import {
  aJudgeStarted,
  aSubmissionCancelled,
  aSubmissionCreated,
  aSubmissionJudged,
  aSubmissionRejudgeRequested,
  someJudgeSettings,
} from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { cancelJudging } from './cancel-judging';
import { changeShare } from './change-share';
import { rejudgeSubmission, resubmitSubmission, type ResubmitSubmission } from './rejudge-submission';
import { setVerdictManually } from './set-verdict-manually';
import { submitCode, type SubmitCode } from './submit-code';
import { submissionModel } from './submission.state';
import { submissionMessages } from './submissions.rejections';

const created: SubmissionEvent = { type: 'SubmissionCreated', data: aSubmissionCreated({ userId: 'u-1' }) };
const started: SubmissionEvent = { type: 'JudgeStarted', data: aJudgeStarted() };
const judged = (status: 'AC' | 'CE' | 'WA' = 'AC'): SubmissionEvent => ({
  type: 'SubmissionJudged',
  data: aSubmissionJudged({ status }),
});
const at = '2026-01-02T00:00:00.000Z';
const admin = { adminUsername: 'root', adminUserId: 'u-root' };

const submit = (overrides: Partial<SubmitCode> = {}): SubmitCode => ({
  submissionId: 1,
  problem: {
    problemId: 1,
    displayId: 'P1000',
    auth: 1,
    codeShare: true,
    languages: ['C++'],
    judge: someJudgeSettings(),
  },
  isProblemAdmin: false,
  linkedContests: [],
  userId: 'u-1',
  username: 'alice',
  language: 'C++',
  code: created.type === 'SubmissionCreated' ? created.data.code : '',
  submittedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('submitCode', () => {
  it('creates the submission with the problem’s judge settings', () => {
    given(submissionModel).when(submitCode(submit())).then([created]);
  });
  it('rejects a missing problem, a private one, and a language the problem does not offer', () => {
    given(submissionModel)
      .when(submitCode(submit({ problem: null })))
      .thenRejects(403, submissionMessages.problemMissing);
    const problem = submit().problem;
    if (!problem) throw new Error('fixture');
    given(submissionModel)
      .when(submitCode(submit({ problem: { ...problem, auth: 2 } })))
      .thenRejects(403, submissionMessages.problemNotSubmittable);
    given(submissionModel)
      .when(submitCode(submit({ language: 'Python3' })))
      .thenRejects(400, submissionMessages.languageWrong);
  });

  const contestOnly = { ...problemFixture(), auth: 3 };
  const endsAt = (endAt: string) => [
    { contestId: 7, endAt: '2025-12-01T00:00:00.000Z' },
    { contestId: 8, endAt },
  ];
  it('F4: refuses a practice submission of a contest-only problem while a contest that links it has not ended', () => {
    given(submissionModel)
      .when(submitCode(submit({ problem: contestOnly, linkedContests: endsAt('2026-01-01T00:00:01.000Z') })))
      .thenRejects(403, submissionMessages.contestOnlyProblem);
  });
  it('F4: accepts a contest-only problem once every linking contest has ended, or from a problem admin', () => {
    const ended = submitCode(submit({ problem: contestOnly, linkedContests: endsAt('2026-01-01T00:00:00.000Z') }));
    given(submissionModel).when(ended).then([created]);
    const byAdmin = submitCode(
      submit({ problem: contestOnly, isProblemAdmin: true, linkedContests: endsAt('2026-02-01T00:00:00.000Z') }),
    );
    given(submissionModel).when(byAdmin).then([created]);
  });
});

function problemFixture() {
  const problem = submit().problem;
  if (!problem) throw new Error('fixture');
  return problem;
}

describe('rejudgeSubmission and resubmitSubmission', () => {
  const settings = someJudgeSettings({ timeLimitMs: 2000 });
  const resubmit = (overrides: Partial<ResubmitSubmission> = {}) =>
    resubmitSubmission({
      judge: settings,
      problem: problemFixture(),
      isProblemAdmin: false,
      linkedContests: [],
      requestedBy: 'u-1',
      requestedAt: at,
      ...overrides,
    });
  const failed = (status: 'SF' | 'SE'): SubmissionEvent => ({
    type: 'SubmissionJudged',
    data: aSubmissionJudged({ status }),
  });
  it('opens the next attempt with today’s settings', () => {
    given(submissionModel, created, started, judged())
      .when(rejudgeSubmission({ judge: settings, requestedBy: 'u-root', requestedAt: at }))
      .then([
        {
          type: 'SubmissionRejudgeRequested',
          data: aSubmissionRejudgeRequested({ attempt: 1, judge: settings, requestedBy: 'u-root', requestedAt: at }),
        },
      ]);
  });
  it('rejects an unknown submission and a problem without settings', () => {
    given(submissionModel)
      .when(rejudgeSubmission({ judge: settings, requestedBy: 'u-root', requestedAt: at }))
      .thenRejects(404, submissionMessages.submissionMissing);
    given(submissionModel, created)
      .when(rejudgeSubmission({ judge: null, requestedBy: 'u-root', requestedAt: at }))
      .thenRejects(400, submissionMessages.rejudgeFailed);
  });
  it('lets only the owner resubmit', () => {
    given(submissionModel, created, started, failed('SF'))
      .when(resubmit({ requestedBy: 'u-2' }))
      .thenRejects(403, submissionMessages.resubmitNotOwner);
  });
  it('F6: resubmits only a submission that ended in SF or SE', () => {
    for (const status of ['SF', 'SE'] as const) {
      given(submissionModel, created, started, failed(status))
        .when(resubmit())
        .then([
          {
            type: 'SubmissionRejudgeRequested',
            data: aSubmissionRejudgeRequested({ attempt: 1, judge: settings, requestedBy: 'u-1', requestedAt: at }),
          },
        ]);
    }
    for (const history of [
      [created],
      [created, started],
      [created, started, judged('WA')],
      [created, started, judged()],
    ]) {
      given(submissionModel, ...history)
        .when(resubmit())
        .thenRejects(403, submissionMessages.resubmitNotFailed);
    }
  });
  it('F4: refuses to resubmit a practice run of a hidden problem or of a contest-only one a contest still holds', () => {
    given(submissionModel, created, started, failed('SF'))
      .when(resubmit({ problem: { ...problemFixture(), auth: 2 } }))
      .thenRejects(403, submissionMessages.problemNotSubmittable);
    const held = resubmit({
      problem: { ...problemFixture(), auth: 3 },
      linkedContests: [{ contestId: 3, endAt: '2026-01-03T00:00:00.000Z' }],
    });
    given(submissionModel, created, started, failed('SF'))
      .when(held)
      .thenRejects(403, submissionMessages.contestOnlyProblem);
  });
});

describe('setVerdictManually', () => {
  const manual = (status: 'AC' | 'CE' | null, score: number | null = null) =>
    setVerdictManually({ status, score, ...admin, setAt: at });
  it('sets an offered verdict on a judged submission', () => {
    given(submissionModel, created, started, judged('WA'))
      .when(manual('AC'))
      .then([
        {
          type: 'SubmissionVerdictSetManually',
          data: {
            submissionId: 1,
            attempt: 0,
            status: 'AC',
            score: null,
            oiRankScore: null,
            judger: 'root',
            setBy: 'u-root',
            setAt: at,
          },
        },
      ]);
  });
  it('refuses while judging, on CE, and for a status root is not offered', () => {
    given(submissionModel, created, started).when(manual('AC')).thenRejects(400, submissionMessages.manualWhileJudging);
    given(submissionModel, created, started, judged('CE'))
      .when(manual('AC'))
      .thenRejects(400, submissionMessages.manualCompileError);
    given(submissionModel, created, started, judged('WA'))
      .when(manual('CE'))
      .thenRejects(400, submissionMessages.manualStatusInvalid);
  });
  it('clamps an OI score to the problem’s ioScore and uses HOJ’s manual rank formula', () => {
    const oi: SubmissionEvent = {
      type: 'SubmissionCreated',
      data: aSubmissionCreated({ judge: someJudgeSettings({ problemType: 'OI', ioScore: 100, difficulty: 2 }) }),
    };
    given(submissionModel, oi, started, judged('WA'))
      .when(manual('AC', 150))
      .then([
        {
          type: 'SubmissionVerdictSetManually',
          data: expectData({ score: 100, oiRankScore: 14 }),
        },
      ]);
  });
});

function expectData(overrides: { score: number; oiRankScore: number }) {
  return {
    submissionId: 1,
    attempt: 0,
    status: 'AC' as const,
    judger: 'root',
    setBy: 'u-root',
    setAt: at,
    ...overrides,
  };
}

describe('cancelJudging', () => {
  const cancel = cancelJudging({ ...admin, cancelledAt: at });
  it('cancels a queued attempt and a cancelled one again', () => {
    const cancelled: SubmissionEvent = {
      type: 'SubmissionCancelled',
      data: aSubmissionCancelled({ cancelledAt: at }),
    };
    given(submissionModel, created).when(cancel).then([cancelled]);
    given(submissionModel, created, cancelled).when(cancel).then([cancelled]);
  });
  it('refuses once a worker took the attempt', () => {
    given(submissionModel, created, started).when(cancel).thenRejects(400, submissionMessages.cancelWhileJudging);
  });
});

describe('changeShare', () => {
  const publicProblem = { auth: 1, codeShare: true };
  it('shares the owner’s code once, and refuses others', () => {
    const share = changeShare({ userId: 'u-1', share: true, problem: publicProblem, changedAt: at });
    given(submissionModel, created)
      .when(share)
      .then([
        { type: 'SubmissionShareChanged', data: { submissionId: 1, share: true, changedBy: 'u-1', changedAt: at } },
      ]);
    given(submissionModel, created)
      .when(changeShare({ userId: 'u-2', share: true, problem: publicProblem, changedAt: at }))
      .thenRejects(403, submissionMessages.shareNotOwner);
    given(submissionModel, created, {
      type: 'SubmissionShareChanged',
      data: { submissionId: 1, share: true, changedBy: 'u-1', changedAt: at },
    })
      .when(share)
      .then([]);
  });
  const sharedBy = (problem: { auth: number; codeShare: boolean } | null, share = true) =>
    changeShare({ userId: 'u-1', share, problem, changedAt: at });
  it('F4: refuses to share the code of a hidden or contest-only problem, or of a problem that is gone', () => {
    for (const problem of [{ auth: 2, codeShare: true }, { auth: 3, codeShare: true }, null]) {
      given(submissionModel, created).when(sharedBy(problem)).thenRejects(403, submissionMessages.shareHiddenProblem);
    }
  });
  it('F4: refuses to share a contest submission', () => {
    const inContest: SubmissionEvent = {
      type: 'SubmissionCreated',
      data: aSubmissionCreated({ userId: 'u-1', contestId: 4, contestProblemId: 2 }),
    };
    given(submissionModel, inContest).when(sharedBy(publicProblem)).thenRejects(403, submissionMessages.shareContest);
  });
  it('F20: enforces the problem’s codeShare flag on sharing but always lets the owner unshare', () => {
    given(submissionModel, created)
      .when(sharedBy({ auth: 1, codeShare: false }))
      .thenRejects(403, submissionMessages.shareNotAllowed);
    const shared: SubmissionEvent = {
      type: 'SubmissionShareChanged',
      data: { submissionId: 1, share: true, changedBy: 'u-1', changedAt: at },
    };
    given(submissionModel, created, shared)
      .when(sharedBy({ auth: 3, codeShare: false }, false))
      .then([{ type: 'SubmissionShareChanged', data: { ...shared.data, share: false } }]);
  });
});
