import type { LanguageRecord } from '../language';
import { mib } from './c-family';

const sbclCompile = '(compile-file "main.lisp")';

/**
 * SBCL compiles the file to main.fasl (a read error stops it: CE) and the run loads the fasl. SBCL would reserve an
 * 8 GiB heap; its dynamic space gets the program's limit (heap exhaustion is then a clean RE, as with Java's -Xmx)
 * and its control stack 64 MiB, as Java's -Xss.
 */
export const commonLisp: LanguageRecord = {
  name: 'Common Lisp',
  contentType: 'text/x-common-lisp',
  sourceFile: 'main.lisp',
  compileArgv: [
    '/usr/bin/sbcl',
    '--noinform',
    '--non-interactive',
    '--no-sysinit',
    '--no-userinit',
    '--eval',
    sbclCompile,
  ],
  compileLimits: { cpuTimeMs: 10_000, wallTimeMs: 20_000, memoryKib: 512 * mib },
  runArgv: [
    '/usr/bin/sbcl',
    '--dynamic-space-size',
    '{memoryMib}MB',
    '--control-stack-size',
    '64MB',
    '--script',
    '/box/main.fasl',
  ],
  artifacts: ['main.fasl'],
  timeFactor: 2,
  memoryFactor: 2,
  runtimeOverheadKib: 64 * mib,
  processes: 128,
  requiredBinaries: ['/usr/bin/sbcl'],
  selfTestSource: `(let ((a (read)) (b (read)))
  (format t "~d~%" (+ a b)))
`,
  description: 'SBCL 2.2',
};
