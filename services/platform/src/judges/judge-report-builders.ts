import type { JudgeReport } from './judge-report';

/** A live judge's report for tests: judge-1, two cores, C verified, nothing verifying or unavailable. */
export const aJudgeReport = (overrides: Partial<JudgeReport> = {}): JudgeReport => ({
  judgeServerName: 'judge-1',
  version: '1.0.0',
  host: 'localhost',
  startedAt: '2026-06-10T12:00:00.000Z',
  reportedAt: '2026-06-10T12:00:05.000Z',
  stopping: false,
  cpuCores: 2,
  percentCpuLoad: '10.00%',
  percentMemoryLoad: '50.00%',
  maxTaskNum: 2,
  languages: ['C'],
  verifying: [],
  unavailable: [],
  ...overrides,
});
