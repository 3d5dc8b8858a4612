import type { CompileLimits } from '../language';

/** Shared by the C and C++ records: HOJ's GCC flags (judging.md §2.1) and A+B self-tests. */
export const mib = 1024;

export const cCompileLimits: CompileLimits = { cpuTimeMs: 5000, wallTimeMs: 10_000, memoryKib: 256 * mib };
export const cppCompileLimits: CompileLimits = { cpuTimeMs: 10_000, wallTimeMs: 20_000, memoryKib: 512 * mib };

export function gccArgv(compiler: string, standard: string, source: string, optimised: boolean): string[] {
  const argv = [compiler, '-DONLINE_JUDGE', '-w', '-fmax-errors=1', `-std=${standard}`];
  if (optimised) argv.push('-O2');
  argv.push(source, '-lm', '-o', 'main');
  return argv;
}

export const cSelfTest = `#include <stdio.h>
int main(void) {
  long long a, b;
  if (scanf("%lld %lld", &a, &b) != 2) return 1;
  printf("%lld\\n", a + b);
  return 0;
}
`;

export const cppSelfTest = `#include <iostream>
int main() {
  long long a, b;
  std::cin >> a >> b;
  std::cout << a + b << std::endl;
  return 0;
}
`;
