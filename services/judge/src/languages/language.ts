/**
 * A language is data: how to compile and run it, and how its limits scale.
 * Registered by name in ./registry; never subclassed.
 */
export interface CompileLimits {
  readonly cpuTimeMs: number;
  readonly wallTimeMs: number;
  readonly memoryKib: number;
}

export interface LanguageRecord {
  /** HOJ's language name as the client shows and sends it, e.g. "C++ With O2", "Python3". */
  readonly name: string;
  /** Monaco / highlight.js mode name HOJ sends in `languages` (contentType). */
  readonly contentType: string;
  /** Source file name inside /box, e.g. "main.cpp" or "Main.java". */
  readonly sourceFile: string;
  /** argv run inside /box to compile; absent for languages with no compile step. */
  readonly compileArgv?: readonly string[];
  /** HOJ's compile limits for this language (judging.md §2.1); required with compileArgv. */
  readonly compileLimits?: CompileLimits;
  /**
   * The compile step only checks the source, and the source is the artifact (py_compile): the judge runs the
   * cases first and compiles only when a case is not AC. A syntax error stops the interpreter before any of the
   * program runs, so that run had no effect, and the compile then decides CE with its own message, as before.
   * An accepted submission saves one interpreter start (judging.md, "Submit-to-verdict latency").
   */
  readonly compileChecksOnly?: boolean;
  /** Extra environment for the compile step (added to PATH/HOME/LANG). */
  readonly compileEnv?: Readonly<Record<string, string>>;
  /** Extra environment for the run step. */
  readonly runEnv?: Readonly<Record<string, string>>;
  /**
   * argv run inside /box to execute the program. `{memoryMib}` is replaced by the program's memory
   * limit after the factor (e.g. java -Xmx), so the runtime fails cleanly below the cgroup ceiling.
   */
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
  /** A program that reads two integers and prints their sum: the self-test (input "1 2", output "3"). */
  readonly selfTestSource: string;
  /** Shown in the catalogue but never offered (e.g. Python2: no toolchain in Debian bookworm). */
  readonly unavailableReason?: string;
  /** HOJ's description/compile-command strings for the `languages` call. */
  readonly description: string;
}
