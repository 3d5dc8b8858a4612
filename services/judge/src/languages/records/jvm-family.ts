import type { CompileLimits } from '../language';
import { mib } from './c-family';

/**
 * kotlinc and scalac are JVM programs that take several CPU seconds for a one-line file and far longer on a loaded
 * judge, so they get three times Java's compile time (their own heap is capped with -J-Xmx, as javac's is).
 */
export const jvmCompileLimits: CompileLimits = { cpuTimeMs: 30_000, wallTimeMs: 90_000, memoryKib: 1024 * mib };

/** As java.ts: -Xmx gets the program's limit because the JVM cannot see the sandbox's cgroup. */
export function jvmRunArgv(program: readonly string[]): string[] {
  return ['/usr/bin/java', '-Dfile.encoding=UTF-8', '-Xmx{memoryMib}m', '-Xss64m', '-XX:+UseSerialGC', ...program];
}
