import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadJudgeConfig } from '../config';
import { createSandbox } from '../sandbox/create-sandbox';
import type { Sandbox } from '../sandbox/sandbox';
import { availableLanguages } from './available-languages';
import { languageCatalogue } from './registry';

const config = loadJudgeConfig();

describe('availableLanguages', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await createSandbox({ ...config, sandboxSlots: 2 });
  });
  afterAll(() => sandbox.close());

  it('offers every language whose A+B self-test compiles and runs in the sandbox, and the always-required ones', async () => {
    const availability = await availableLanguages(sandbox, { workRoot: config.workRoot, runSelfTests: true });
    const offered = availability.offered.map((language) => language.name);
    const failures = availability.unavailable.filter((entry) => !entry.language.unavailableReason);
    expect(failures.map((entry) => `${entry.language.name}: ${entry.reason}`)).toEqual([]);
    for (const required of [
      'C',
      'C With O2',
      'C++',
      'C++ With O2',
      'C++ 17',
      'C++ 17 With O2',
      'C++ 20',
      'C++ 20 With O2',
      'Java',
      'Python3',
      'PyPy3',
      'Golang',
      'JavaScript Node',
    ]) {
      expect(offered).toContain(required);
    }
    expect(availability.offered.length + availability.unavailable.length).toBe(languageCatalogue.length);
    expect(await sandbox.leftoverProcesses()).toEqual([]);
  });

  it('shows Python2 and PyPy2 as unavailable, never offered', async () => {
    const availability = await availableLanguages(sandbox, { workRoot: config.workRoot, runSelfTests: false });
    const unavailable = availability.unavailable.map((entry) => entry.language.name);
    expect(unavailable).toEqual(expect.arrayContaining(['Python2', 'PyPy2']));
    expect(availability.offered.map((language) => language.name)).not.toContain('Python2');
  });

  it('does not offer a language whose self-test fails', async () => {
    const broken = { ...languageCatalogue[0], name: 'Broken C++', selfTestSource: 'int main() { return 1; }' };
    if (!languageCatalogue[0]) throw new Error('empty catalogue');
    const availability = await availableLanguages(sandbox, {
      workRoot: config.workRoot,
      runSelfTests: true,
      catalogue: [{ ...languageCatalogue[0], ...broken }],
    });
    expect(availability.offered).toEqual([]);
    expect(availability.unavailable[0]?.reason).toMatch(/self-test failed/);
  });
});
