import type { LanguageRecord } from '../language';
import { mib } from './c-family';

/**
 * As Kattis does: the program defines main/0, which the saved state calls once and then halts (a failing or
 * throwing main exits 1: RE). A syntax error stops the compile: CE. The saved state starts with `#!/bin/sh` and
 * execs swipl on itself.
 */
export const prolog: LanguageRecord = {
  name: 'Prolog',
  contentType: 'text/x-prolog',
  sourceFile: 'main.pl',
  compileArgv: ['/usr/bin/swipl', '-O', '-q', '-g', 'main', '-t', 'halt', '-o', 'main', '-c', 'main.pl'],
  compileLimits: { cpuTimeMs: 5000, wallTimeMs: 10_000, memoryKib: 256 * mib },
  runArgv: ['/box/main'],
  artifacts: ['main'],
  timeFactor: 2,
  memoryFactor: 2,
  runtimeOverheadKib: 0,
  processes: 128,
  requiredBinaries: ['/usr/bin/swipl'],
  selfTestSource: `main :-
    read_string(user_input, _, Text),
    split_string(Text, " \\t\\n", " \\t\\n", Words),
    exclude(==(""), Words, Numbers),
    maplist(number_string, [A, B], Numbers),
    Sum is A + B,
    format("~d~n", [Sum]).
`,
  description: 'SWI-Prolog 9.0',
};
