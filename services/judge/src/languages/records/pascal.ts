import { mib } from './c-family';
import { nativeRecord } from './native-family';

/**
 * Free Pascal in its default (FPC) mode, statically linked; -dONLINE_JUDGE as the C records define it. The sandbox
 * has no /etc/fpc.cfg, so -n skips it and -Fu names the units it would have.
 */
export const pascal = nativeRecord({
  name: 'Pascal',
  contentType: 'text/x-pascal',
  sourceFile: 'main.pas',
  compileArgv: [
    '/usr/bin/fpc',
    '-n',
    '-Fu/usr/lib/x86_64-linux-gnu/fpc/$fpcversion/units/$fpctarget/*',
    '-O2',
    '-XS',
    '-dONLINE_JUDGE',
    '-omain',
    'main.pas',
  ],
  compileLimits: { cpuTimeMs: 5000, wallTimeMs: 10_000, memoryKib: 256 * mib },
  selfTestSource: `program main;
var a, b: int64;
begin
  readln(a, b);
  writeln(a + b);
end.
`,
  description: 'Free Pascal 3.2',
});
