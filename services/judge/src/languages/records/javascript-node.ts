import type { LanguageRecord } from '../language';

/** No compile step, as in HOJ: a syntax error shows up as a runtime error. */
export const javascriptNode: LanguageRecord = {
  name: 'JavaScript Node',
  contentType: 'text/javascript',
  sourceFile: 'main.js',
  runArgv: ['/usr/bin/node', '--max-old-space-size={memoryMib}', '/box/main.js'],
  artifacts: ['main.js'],
  timeFactor: 2,
  memoryFactor: 2,
  runtimeOverheadKib: 0,
  processes: 128,
  requiredBinaries: ['/usr/bin/node'],
  selfTestSource: `const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(BigInt);
console.log((a + b).toString());
`,
  description: 'Node.js 20',
};
