import { mib } from './c-family';
import { nativeRecord } from './native-family';

/** Free-form source (.f90). */
export const fortran = nativeRecord({
  name: 'Fortran',
  contentType: 'text/x-fortran',
  sourceFile: 'main.f90',
  compileArgv: ['/usr/bin/gfortran', '-O2', '-fmax-errors=1', '-o', 'main', 'main.f90'],
  compileLimits: { cpuTimeMs: 5000, wallTimeMs: 10_000, memoryKib: 256 * mib },
  selfTestSource: `program main
  implicit none
  integer(kind=8) :: a, b
  read(*, *) a, b
  print '(i0)', a + b
end program main
`,
  description: 'GFortran 12.2',
});
