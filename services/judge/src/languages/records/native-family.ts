import type { CompileLimits, LanguageRecord } from '../language';

/** What differs between languages whose compiler writes a native `main` (Haskell, OCaml, Pascal, Fortran, D). */
export interface NativeLanguage {
  readonly name: string;
  readonly contentType: string;
  readonly sourceFile: string;
  /** Runs in /box and writes /box/main; its argv[0] is also the binary that must be installed. */
  readonly compileArgv: readonly [string, ...string[]];
  readonly compileLimits: CompileLimits;
  readonly selfTestSource: string;
  readonly description: string;
  readonly unavailableReason?: string;
}

/** Run as C is, but with the factor 2 every language other than C and C++ gets (judging.md §2.1). */
export function nativeRecord(language: NativeLanguage): LanguageRecord {
  return {
    ...language,
    runArgv: ['/box/main'],
    artifacts: ['main'],
    timeFactor: 2,
    memoryFactor: 2,
    runtimeOverheadKib: 0,
    processes: 128,
    requiredBinaries: [language.compileArgv[0]],
  };
}
