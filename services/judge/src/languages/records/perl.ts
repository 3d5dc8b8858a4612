import type { LanguageRecord } from '../language';
import { mib } from './c-family';

/** perl -c checks the syntax (a syntax error is CE, as for Python); the run starts from the source. */
export const perl: LanguageRecord = {
  name: 'Perl',
  contentType: 'text/x-perl',
  sourceFile: 'main.pl',
  compileArgv: ['/usr/bin/perl', '-c', 'main.pl'],
  compileLimits: { cpuTimeMs: 5000, wallTimeMs: 10_000, memoryKib: 256 * mib },
  runArgv: ['/usr/bin/perl', '/box/main.pl'],
  artifacts: ['main.pl'],
  timeFactor: 2,
  memoryFactor: 2,
  runtimeOverheadKib: 0,
  processes: 128,
  requiredBinaries: ['/usr/bin/perl'],
  selfTestSource: `my ($a, $b) = split ' ', <STDIN>;
print $a + $b, "\\n";
`,
  description: 'Perl 5.36',
};
