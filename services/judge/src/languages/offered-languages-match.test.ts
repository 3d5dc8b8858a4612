import { describe, expect, it } from 'vitest';
import { offeredLanguages, submittableLanguages } from '@oj/platform';
import { languageCatalogue } from './registry';

/** An argv as a shell line, quoted where a shell would need it (`{memoryMib}` stays a visible placeholder). */
const shellLine = (argv: readonly string[]) =>
  argv.map((arg) => (/^[\w@%+=:,./{}-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`)).join(' ');

describe('offeredLanguages (@oj/platform)', () => {
  const judged = languageCatalogue.filter((record) => record.unavailableReason === undefined);

  it('lists exactly the judge records that have a toolchain here, in the same order', () => {
    expect(offeredLanguages.map((language) => language.name)).toEqual(judged.map((record) => record.name));
    for (const language of offeredLanguages) {
      const record = judged.find((candidate) => candidate.name === language.name);
      expect(language.contentType).toBe(record?.contentType);
      expect(language.description).toBe(record?.description);
    }
  });

  it('accepts at submit exactly the judge records (HOJ list, then the added languages), in the same order', () => {
    expect(submittableLanguages).toEqual(languageCatalogue.map((record) => record.name));
  });

  it('shows the help page the commands the judge really runs', () => {
    for (const language of offeredLanguages) {
      const record = judged.find((candidate) => candidate.name === language.name);
      if (!record) throw new Error(`${language.name} has no judge record`);
      expect(language.runCommand, language.name).toBe(shellLine(record.runArgv));
      // Java's compile step is a shell script (it renames the source after its public class); the help page keeps
      // HOJ's two-command summary for it.
      if (record.compileArgv && record.compileArgv[0] !== '/bin/sh') {
        expect(language.compileCommand, language.name).toBe(shellLine(record.compileArgv));
      }
    }
  });
});
