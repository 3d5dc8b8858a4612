import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadJudgeConfig } from '../config';
import { createSandbox } from '../sandbox/create-sandbox';
import type { Sandbox } from '../sandbox/sandbox';
import { startLanguageVerification } from './language-verification';
import { c } from './records/c';

const config = loadJudgeConfig();

describe('startLanguageVerification (real sandbox)', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await createSandbox({ ...config, sandboxSlots: 2 });
  });
  afterAll(() => sandbox.close());

  it('verifies in the background, lets a task ask for its language first, and never offers a failing one', async () => {
    const broken = { ...c, name: 'Broken C', selfTestSource: 'int main(void) { return 1; }' };
    const settled: string[] = [];
    const verification = startLanguageVerification({
      sandbox,
      workRoot: config.workRoot,
      catalogue: [c, broken],
      onSettled: (name) => settled.push(name),
    });
    expect(verification.verifiedLanguage('C')).toBeUndefined();
    expect(verification.status().verifying).toEqual(['C', 'Broken C']);

    // A task in the second language does not wait for the first one's turn to end; its self-test runs once.
    expect(await verification.settle('Broken C')).toMatch(/self-test failed/);
    await verification.done;
    expect(verification.status()).toEqual({
      verified: ['C'],
      verifying: [],
      unavailable: [{ name: 'Broken C', reason: expect.stringMatching(/self-test failed/) }],
    });
    expect(verification.verifiedLanguage('C')?.name).toBe('C');
    expect(verification.verifiedLanguage('Broken C')).toBeUndefined();
    expect(settled.sort()).toEqual(['Broken C', 'C']);
    expect(await verification.settle('Cobol')).toMatch(/not in this judge's catalogue/);
  });
});
