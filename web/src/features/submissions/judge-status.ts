/** Spec 000 §3: the judge status codes, their short names and the colour the web app gives each. */
export type JudgeStatusInfo = { code: number; key: string; short: string; color: string };

const table: JudgeStatusInfo[] = [
  { code: -10, key: 'notSubmitted', short: 'NS', color: 'gray' },
  { code: -5, key: 'submittedUnknown', short: 'SNR', color: 'gray' },
  { code: -4, key: 'cancelled', short: 'CA', color: 'gray' },
  { code: -3, key: 'presentationError', short: 'PE', color: 'orange' },
  { code: -2, key: 'compileError', short: 'CE', color: 'yellow' },
  { code: -1, key: 'wrongAnswer', short: 'WA', color: 'red' },
  { code: 0, key: 'accepted', short: 'AC', color: 'green' },
  { code: 1, key: 'timeLimitExceeded', short: 'TLE', color: 'grape' },
  { code: 2, key: 'memoryLimitExceeded', short: 'MLE', color: 'grape' },
  { code: 3, key: 'runtimeError', short: 'RE', color: 'pink' },
  { code: 4, key: 'systemError', short: 'SE', color: 'dark' },
  { code: 5, key: 'pending', short: 'PD', color: 'yellow' },
  { code: 6, key: 'compiling', short: 'CP', color: 'cyan' },
  { code: 7, key: 'judging', short: 'JG', color: 'blue' },
  { code: 8, key: 'partialAccepted', short: 'PAC', color: 'teal' },
  { code: 9, key: 'submitting', short: 'SB', color: 'yellow' },
  { code: 10, key: 'submittedFailed', short: 'SF', color: 'gray' },
];

const byCode = new Map(table.map((status) => [status.code, status]));

export const judgeStatuses: readonly JudgeStatusInfo[] = table;

export const statusInfo = (code: number): JudgeStatusInfo =>
  byCode.get(code) ?? { code, key: 'unknown', short: String(code), color: 'gray' };

export const judgeStatus = {
  notSubmitted: -10,
  submittedUnknown: -5,
  cancelled: -4,
  compileError: -2,
  wrongAnswer: -1,
  accepted: 0,
  systemError: 4,
  pending: 5,
  compiling: 6,
  judging: 7,
  submitting: 9,
  submittedFailed: 10,
} as const;

/** Spec 000 §4: while a row is in one of these, the page keeps polling it. */
const inProgress = new Set<number>([
  judgeStatus.pending,
  judgeStatus.compiling,
  judgeStatus.judging,
  judgeStatus.submitting,
]);
export const isInProgress = (code: number): boolean => inProgress.has(code);

/** Spec 000 §5: the manual verdict choices leave out these states. */
const notManualChoices = new Set<number>([9, -5, -10, -4, -2, 5, 6, 7]);
export const manualJudgeChoices: readonly JudgeStatusInfo[] = table.filter((s) => !notManualChoices.has(s.code));

/** Spec 000 §4: no manual verdict while Judging, Compiling or on a Compile Error. */
export const canManuallyJudge = (code: number): boolean => code !== 7 && code !== 6 && code !== -2;

/** Spec 000 §4: cancel is disabled when the row is already Cancelled. */
export const canCancel = (code: number): boolean => code !== judgeStatus.cancelled;

/** The filter choices of the submission list: every final verdict and the in-progress states a row can hold. */
export const statusFilterChoices: readonly JudgeStatusInfo[] = table.filter((s) => ![-10, -5, 9].includes(s.code));
