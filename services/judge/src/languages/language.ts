/**
 * A language is data: how to compile and run it, and how its limits scale.
 * Registered by name in ./registry; never subclassed.
 */
export interface LanguageRecord {
  /** HOJ's language name as the client shows and sends it, e.g. "C++ With O2", "Python3". */
  readonly name: string;
  /** Monaco / highlight.js mode name HOJ sends in `languages` (contentType). */
  readonly contentType: string;
  /** Source file name inside /box, e.g. "main.cpp" or "Main.java". */
  readonly sourceFile: string;
  /** argv run inside /box to compile; absent for languages with no compile step. */
  readonly compileArgv?: readonly string[];
  /** argv run inside /box to execute the program. `{memoryMib}` is replaced by the memory limit. */
  readonly runArgv: readonly string[];
  /** Files the compile step leaves that the run step needs (e.g. ["main"] or ["Main.class"]). */
  readonly artifacts: readonly string[];
  /** Multipliers on the problem's limits: 1 for C and C++, 2 for the rest (judging.md §2). */
  readonly timeFactor: number;
  readonly memoryFactor: number;
  /** Extra cgroup memory the runtime needs beyond the program's own heap (JVM, Go), in KiB. */
  readonly runtimeOverheadKib: number;
  /** Minimum pids the runtime needs (JVM threads count as processes). */
  readonly processes: number;
  /** Host paths that must exist for the language to be offered (compilers, runtimes). */
  readonly requiredBinaries: readonly string[];
  /** A program that reads two integers and prints their sum: the self-test. */
  readonly selfTestSource: string;
  /** Shown in the catalogue but never offered (e.g. Python2: no toolchain in Debian bookworm). */
  readonly unavailableReason?: string;
  /** HOJ's description/compile-command strings for the `languages` call. */
  readonly description: string;
}
