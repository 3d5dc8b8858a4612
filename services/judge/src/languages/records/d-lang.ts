import { mib } from './c-family';
import { nativeRecord } from './native-family';

/** GDC (GCC's D front end) rather than LDC: it shares the toolchain the C records already need. */
export const dLang = nativeRecord({
  name: 'D',
  contentType: 'text/x-d',
  sourceFile: 'main.d',
  compileArgv: ['/usr/bin/gdc', '-O2', '-fmax-errors=1', '-o', 'main', 'main.d'],
  compileLimits: { cpuTimeMs: 10_000, wallTimeMs: 20_000, memoryKib: 768 * mib },
  selfTestSource: `import std.stdio;

void main() {
    long a, b;
    readf(" %d %d", a, b);
    writeln(a + b);
}
`,
  description: 'GDC 12.2 (D 2.100)',
});
