import type { LanguageRecord } from '../language';

/** In HOJ's whitelist; no d8 shell is packaged for Debian, so it is never offered here. */
export const javascriptV8: LanguageRecord = {
  name: 'JavaScript V8',
  contentType: 'text/javascript',
  sourceFile: 'main.js',
  runArgv: ['/usr/bin/jsv8/d8', '/box/main.js'],
  artifacts: ['main.js'],
  timeFactor: 2,
  memoryFactor: 2,
  runtimeOverheadKib: 0,
  processes: 128,
  requiredBinaries: ['/usr/bin/jsv8/d8'],
  selfTestSource: `const [a, b] = readline().trim().split(/\\s+/).map(Number);
print(a + b);
`,
  description: 'JavaScript V8',
  unavailableReason: 'No V8 shell (d8) in Debian bookworm',
};
