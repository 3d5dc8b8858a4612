import { mib } from './c-family';
import { nativeRecord } from './native-family';

export const ocaml = nativeRecord({
  name: 'OCaml',
  contentType: 'text/x-ocaml',
  sourceFile: 'main.ml',
  compileArgv: ['/usr/bin/ocamlopt', '-o', 'main', 'main.ml'],
  compileLimits: { cpuTimeMs: 10_000, wallTimeMs: 20_000, memoryKib: 512 * mib },
  selfTestSource: `let () = Scanf.scanf " %d %d" (fun a b -> Printf.printf "%d\\n" (a + b))
`,
  description: 'OCaml 4.13 (ocamlopt)',
});
