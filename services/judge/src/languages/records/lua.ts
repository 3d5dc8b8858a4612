import type { LanguageRecord } from '../language';
import { mib } from './c-family';

/** luac -p only parses, so a syntax error is CE (as Python's py_compile makes it) rather than RE. */
export const lua: LanguageRecord = {
  name: 'Lua',
  contentType: 'text/x-lua',
  sourceFile: 'main.lua',
  compileArgv: ['/usr/bin/luac5.4', '-p', 'main.lua'],
  compileLimits: { cpuTimeMs: 5000, wallTimeMs: 10_000, memoryKib: 256 * mib },
  runArgv: ['/usr/bin/lua5.4', '/box/main.lua'],
  artifacts: ['main.lua'],
  timeFactor: 2,
  memoryFactor: 2,
  runtimeOverheadKib: 0,
  processes: 128,
  requiredBinaries: ['/usr/bin/luac5.4', '/usr/bin/lua5.4'],
  selfTestSource: `local a, b = io.read("n", "n")
print(math.tointeger(a + b) or a + b)
`,
  description: 'Lua 5.4',
};
