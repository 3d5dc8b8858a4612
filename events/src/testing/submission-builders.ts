import type {
  CaseJudged,
  JudgeSettings,
  JudgeStarted,
  SubmissionCreated,
  SubmissionJudged,
  SubmissionJudgingFailed,
  SubmissionRejudgeRequested,
  SubmissionCancelled,
  SubmissionShareChanged,
  SubmissionVerdictSetManually,
} from '../catalogue/submission';

/** sha256 of the empty string: a valid hash for builders that don't care about contents. */
const emptySha256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** The judging attempt most builders speak of: submission 1, judged for the first time. */
const firstAttempt = { submissionId: 1, attempt: 0 } as const;

/** An accepted ACM verdict: OI scores stay null outside OI problems. */
const acceptedWithoutScore = { status: 'AC', score: null, oiRankScore: null } as const;

/** A one-case ACM A+B problem with HOJ's defaults (judging.md §11). */
export function someJudgeSettings(overrides: Partial<JudgeSettings> = {}): JudgeSettings {
  return {
    problemType: 'ACM',
    judgeMode: 'default',
    judgeCaseMode: 'default',
    timeLimitMs: 1000,
    memoryLimitMib: 256,
    stackLimitMib: 128,
    isRemoveEndBlank: true,
    ioScore: 100,
    difficulty: 0,
    testDataVersion: '1',
    testCases: [
      {
        caseId: 1,
        inputName: '1.in',
        outputName: '1.out',
        inputSha256: emptySha256,
        outputSha256: emptySha256,
        score: 0,
        groupNum: 1,
      },
    ],
    judgeProgram: null,
    fileIo: null,
    userExtraFiles: {},
    judgeExtraFiles: {},
    ...overrides,
  };
}

export function aSubmissionCreated(overrides: Partial<SubmissionCreated> = {}): SubmissionCreated {
  return {
    submissionId: 1,
    problemId: 1,
    problemDisplayId: 'P1000',
    userId: 'u-1',
    username: 'alice',
    contestId: null,
    contestProblemId: null,
    groupId: null,
    language: 'C++',
    code: '#include <cstdio>\nint main(){int a,b;std::scanf("%d%d",&a,&b);std::printf("%d\\n",a+b);}\n',
    submittedAt: '2026-01-01T00:00:00.000Z',
    judge: someJudgeSettings(),
    ...overrides,
  };
}

export function aSubmissionRejudgeRequested(
  overrides: Partial<SubmissionRejudgeRequested> = {},
): SubmissionRejudgeRequested {
  return {
    submissionId: 1,
    attempt: 1,
    requestedBy: 'root',
    requestedAt: '2026-01-01T00:01:00.000Z',
    judge: someJudgeSettings(),
    ...overrides,
  };
}

export function aJudgeStarted(overrides: Partial<JudgeStarted> = {}): JudgeStarted {
  return {
    ...firstAttempt,
    judger: 'judge-1',
    delivery: 1,
    startedAt: '2026-01-01T00:00:01.000Z',
    ...overrides,
  };
}

export function aCaseJudged(overrides: Partial<CaseJudged> = {}): CaseJudged {
  return {
    ...firstAttempt,
    caseId: 1,
    seq: 1,
    groupNum: 1,
    status: 'AC',
    timeMs: 1,
    memoryKib: 1024,
    score: null,
    message: '',
    inputName: '1.in',
    outputName: '1.out',
    ...overrides,
  };
}

export function aSubmissionJudged(overrides: Partial<SubmissionJudged> = {}): SubmissionJudged {
  return {
    ...firstAttempt,
    ...acceptedWithoutScore,
    timeMs: 1,
    memoryKib: 1024,
    errorMessage: null,
    judger: 'judge-1',
    judgedAt: '2026-01-01T00:00:02.000Z',
    ...overrides,
  };
}

export function aSubmissionJudgingFailed(overrides: Partial<SubmissionJudgingFailed> = {}): SubmissionJudgingFailed {
  return {
    ...firstAttempt,
    reason: 'Judging failed 3 times; giving up.',
    deliveries: 3,
    failedAt: '2026-01-01T00:00:03.000Z',
    ...overrides,
  };
}

export function aSubmissionVerdictSetManually(
  overrides: Partial<SubmissionVerdictSetManually> = {},
): SubmissionVerdictSetManually {
  return {
    ...firstAttempt,
    ...acceptedWithoutScore,
    judger: 'root',
    setBy: 'u-root',
    setAt: '2026-01-01T00:02:00.000Z',
    ...overrides,
  };
}

export function aSubmissionCancelled(overrides: Partial<SubmissionCancelled> = {}): SubmissionCancelled {
  return {
    ...firstAttempt,
    judger: 'root',
    cancelledBy: 'u-root',
    cancelledAt: '2026-01-01T00:02:00.000Z',
    ...overrides,
  };
}

export function aSubmissionShareChanged(overrides: Partial<SubmissionShareChanged> = {}): SubmissionShareChanged {
  return {
    submissionId: 1,
    share: true,
    changedBy: 'u-1',
    changedAt: '2026-01-01T00:03:00.000Z',
    ...overrides,
  };
}
