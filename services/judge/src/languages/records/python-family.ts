import type { LanguageRecord } from '../language';
import { mib } from './c-family';

const selfTest = `a, b = map(int, input().split())
print(a + b)
`;

/**
 * HOJ byte-compiles, then runs the .pyc. We compile for the syntax check (a syntax error is CE, as in
 * HOJ) but run main.py: the .pyc's name carries the interpreter version, and the result is the same.
 * The compile runs only when a case is not AC (`compileChecksOnly`): the run compiles main.py itself first.
 */
export function pythonRecord(
  name: string,
  interpreter: string,
  description: string,
  unavailableReason?: string,
): LanguageRecord {
  return {
    name,
    contentType: 'text/x-python',
    sourceFile: 'main.py',
    compileArgv: [interpreter, '-m', 'py_compile', 'main.py'],
    compileLimits: { cpuTimeMs: 5000, wallTimeMs: 10_000, memoryKib: 256 * mib },
    compileEnv: { PYTHONIOENCODING: 'utf-8' },
    compileChecksOnly: true,
    runArgv: [interpreter, '/box/main.py'],
    runEnv: { PYTHONIOENCODING: 'utf-8' },
    artifacts: ['main.py'],
    timeFactor: 2,
    memoryFactor: 2,
    runtimeOverheadKib: 0,
    processes: 128,
    requiredBinaries: [interpreter],
    selfTestSource: selfTest,
    description,
    ...(unavailableReason ? { unavailableReason } : {}),
  };
}
