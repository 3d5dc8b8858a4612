import type { LanguageRecord } from '../language';
import { cCompileLimits, cSelfTest, gccArgv } from './c-family';

function cRecord(name: string, optimised: boolean): LanguageRecord {
  return {
    name,
    contentType: 'text/x-csrc',
    sourceFile: 'main.c',
    compileArgv: gccArgv('/usr/bin/gcc', 'c11', 'main.c', optimised),
    compileLimits: cCompileLimits,
    runArgv: ['/box/main'],
    artifacts: ['main'],
    timeFactor: 1,
    memoryFactor: 1,
    runtimeOverheadKib: 0,
    processes: 128,
    requiredBinaries: ['/usr/bin/gcc'],
    selfTestSource: cSelfTest,
    description: optimised ? 'GCC 12.2 (-O2)' : 'GCC 12.2',
  };
}

export const c = cRecord('C', false);
export const cWithO2 = cRecord('C With O2', true);
