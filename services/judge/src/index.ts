export {
  defaultJudgeQueueSettings,
  ensureJudgeQueue,
  encodeJudgeTask,
  decodeJudgeTask,
  maxDeliver,
  judgeTaskSchema,
  type JudgeQueueSettings,
  type JudgeTask,
} from './queue/judge-queue';
export { startDispatcher, type DispatcherOptions, type RunningDispatcher } from './dispatch/dispatcher';
export { startJudgeWorker, type JudgeWorkerOptions, type RunningJudgeWorker } from './worker/judge-worker';
export { startJudgeProcess, type JudgeProcessOptions, type RunningJudgeProcess } from './worker/judge-process';
export { judgeEnvironmentKeys, loadJudgeConfig, loadWorkerConfig, type WorkerConfig } from './config';
export { judgeEventIds } from './worker/deterministic-ids';
export type {
  JudgeAttempt,
  JudgeAttemptInput,
  JudgeProgress,
  AttemptOutcome,
  CaseOutcome,
} from './worker/judge-attempt';
