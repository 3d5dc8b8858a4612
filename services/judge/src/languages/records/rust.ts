import type { LanguageRecord } from '../language';
import { mib } from './c-family';

/** HOJ names the Rust source Main.cs (judging.md §12 quirk 10); the name never leaves the box, so we use main.rs. */
export const rust: LanguageRecord = {
  name: 'Rust',
  contentType: 'text/x-rustsrc',
  sourceFile: 'main.rs',
  compileArgv: ['/usr/bin/rustc', '-O', '-o', 'main', 'main.rs'],
  compileLimits: { cpuTimeMs: 10_000, wallTimeMs: 20_000, memoryKib: 768 * mib },
  runArgv: ['/box/main'],
  artifacts: ['main'],
  timeFactor: 2,
  memoryFactor: 2,
  runtimeOverheadKib: 0,
  processes: 128,
  requiredBinaries: ['/usr/bin/rustc'],
  selfTestSource: `use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let sum: i64 = input.split_whitespace().map(|x| x.parse::<i64>().unwrap()).sum();
    println!("{}", sum);
}
`,
  description: 'Rust 1.63',
};
