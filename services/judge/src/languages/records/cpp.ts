import type { LanguageRecord } from '../language';
import { cppCompileLimits, cppSelfTest, gccArgv } from './c-family';

/** HOJ's "C++" is C++14; "C++ 20" passes -std=c++2a, which GCC 12 still accepts. */
function cppRecord(name: string, standard: string, optimised: boolean): LanguageRecord {
  return {
    name,
    contentType: 'text/x-c++src',
    sourceFile: 'main.cpp',
    compileArgv: gccArgv('/usr/bin/g++', standard, 'main.cpp', optimised),
    compileLimits: cppCompileLimits,
    runArgv: ['/box/main'],
    artifacts: ['main'],
    timeFactor: 1,
    memoryFactor: 1,
    runtimeOverheadKib: 0,
    processes: 128,
    requiredBinaries: ['/usr/bin/g++'],
    selfTestSource: cppSelfTest,
    description: `G++ 12.2 (${standard}${optimised ? ', -O2' : ''})`,
  };
}

export const cpp = cppRecord('C++', 'c++14', false);
export const cppWithO2 = cppRecord('C++ With O2', 'c++14', true);
export const cpp17 = cppRecord('C++ 17', 'c++17', false);
export const cpp17WithO2 = cppRecord('C++ 17 With O2', 'c++17', true);
export const cpp20 = cppRecord('C++ 20', 'c++2a', false);
export const cpp20WithO2 = cppRecord('C++ 20 With O2', 'c++2a', true);
