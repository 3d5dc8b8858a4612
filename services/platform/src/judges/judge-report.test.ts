import { describe, expect, it } from 'vitest';
import { offeredLanguages } from '../languages/offered-languages';
import {
  judgeableLanguageNames,
  judgeReportLifetimeMs,
  languagesOfferedBy,
  liveJudgeReports,
  machineLoad,
} from './judge-report';
import { aJudgeReport } from './judge-report-builders';

describe('liveJudgeReports', () => {
  it('keeps judges heard from within the lifetime that are not stopping', () => {
    const now = 100_000;
    const fresh = { ...aJudgeReport({ judgeServerName: 'fresh' }), receivedAt: now - judgeReportLifetimeMs };
    const stale = { ...aJudgeReport({ judgeServerName: 'stale' }), receivedAt: now - judgeReportLifetimeMs - 1 };
    const leaving = { ...aJudgeReport({ judgeServerName: 'leaving', stopping: true }), receivedAt: now };
    expect(liveJudgeReports([fresh, stale, leaving], now).map((report) => report.judgeServerName)).toEqual(['fresh']);
  });
});

describe('languagesOfferedBy', () => {
  it('offers what the live judges that finished their self-tests verified, in the catalogue order', () => {
    const offered = languagesOfferedBy([
      aJudgeReport({ languages: ['Python3', 'C'] }),
      aJudgeReport({ judgeServerName: 'judge-2', languages: ['C++'] }),
      aJudgeReport({ judgeServerName: 'judge-3', languages: ['Golang'], verifying: ['Java'] }),
    ]);
    expect(offered.map((language) => language.name)).toEqual(['C++', 'C', 'Python3']);
  });

  it('lists the whole catalogue while no judge is live, or every live one is still starting', () => {
    expect(languagesOfferedBy([])).toEqual(offeredLanguages);
    expect(languagesOfferedBy([aJudgeReport({ languages: ['C'], verifying: ['Java'] })])).toEqual(offeredLanguages);
  });
});

describe('judgeableLanguageNames', () => {
  it('accepts the verified and the still verifying languages of live judges; null without any', () => {
    expect(judgeableLanguageNames([aJudgeReport({ languages: ['C'], verifying: ['Java'] })])).toEqual(['C', 'Java']);
    expect(judgeableLanguageNames([])).toBeNull();
  });
});

describe('machineLoad', () => {
  it("gives HOJ's xx.xx% figures and at least one core", () => {
    const load = machineLoad();
    expect(load.cpuCores).toBeGreaterThanOrEqual(1);
    expect(load.percentCpuLoad).toMatch(/^\d{1,3}\.\d{2}%$/);
    expect(load.percentMemoryLoad).toMatch(/^\d{1,3}\.\d{2}%$/);
  });
});
