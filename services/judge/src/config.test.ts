import { describe, expect, it } from 'vitest';
import { loadJudgeConfig } from './config';

describe('loadJudgeConfig', () => {
  it('lets auto pick the pooled bubblewrap backend unless JUDGE_SANDBOX_POOLED=false', () => {
    expect(loadJudgeConfig({}).sandboxPooled).toBe(true);
    expect(loadJudgeConfig({ JUDGE_SANDBOX_POOLED: 'true' }).sandboxPooled).toBe(true);
    expect(loadJudgeConfig({ JUDGE_SANDBOX_POOLED: 'false' }).sandboxPooled).toBe(false);
  });

  it('refuses a JUDGE_SANDBOX_POOLED that is neither true nor false, naming the variable', () => {
    expect(() => loadJudgeConfig({ JUDGE_SANDBOX_POOLED: 'yes' })).toThrow(/JUDGE_SANDBOX_POOLED/);
  });
});
