import { mib } from './c-family';
import { nativeRecord } from './native-family';

/**
 * GHC is slow and hungry (it links through gcc), hence the wider compile limits. Debian keeps GHC's package
 * database in /var/lib/ghc (/usr/lib/ghc/package.conf.d links there), which the sandbox binds read-only.
 */
export const haskell = nativeRecord({
  name: 'Haskell',
  contentType: 'text/x-haskell',
  sourceFile: 'main.hs',
  compileArgv: ['/usr/bin/ghc', '-O2', '-v0', '-o', 'main', 'main.hs'],
  compileLimits: { cpuTimeMs: 20_000, wallTimeMs: 40_000, memoryKib: 1024 * mib },
  selfTestSource: `main :: IO ()
main = do
  [a, b] <- map read . words <$> getLine :: IO [Integer]
  print (a + b)
`,
  description: 'GHC 9.0',
});
