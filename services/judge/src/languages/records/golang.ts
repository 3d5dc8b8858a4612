import type { LanguageRecord } from '../language';
import { mib } from './c-family';

/** Caches live in the sandbox's private /tmp; modules off, cgo off, so the build needs no network or C toolchain. */
export const golang: LanguageRecord = {
  name: 'Golang',
  contentType: 'text/x-go',
  sourceFile: 'main.go',
  compileArgv: ['/usr/bin/go', 'build', '-o', 'main', 'main.go'],
  compileLimits: { cpuTimeMs: 10_000, wallTimeMs: 20_000, memoryKib: 768 * mib },
  compileEnv: { GOCACHE: '/tmp/gocache', GOPATH: '/tmp/go', GO111MODULE: 'off', CGO_ENABLED: '0' },
  runArgv: ['/box/main'],
  runEnv: { GODEBUG: 'madvdontneed=1', GOMAXPROCS: '1' },
  artifacts: ['main'],
  timeFactor: 2,
  memoryFactor: 2,
  runtimeOverheadKib: 0,
  processes: 128,
  requiredBinaries: ['/usr/bin/go'],
  selfTestSource: `package main

import "fmt"

func main() {
	var a, b int64
	fmt.Scan(&a, &b)
	fmt.Println(a + b)
}
`,
  description: 'Golang 1.19',
};
