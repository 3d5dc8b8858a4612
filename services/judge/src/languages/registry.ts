import type { LanguageRecord } from './language';
import { c, cWithO2 } from './records/c';
import { commonLisp } from './records/common-lisp';
import { cpp, cpp17, cpp17WithO2, cpp20, cpp20WithO2, cppWithO2 } from './records/cpp';
import { csharp } from './records/csharp';
import { dLang } from './records/d-lang';
import { fortran } from './records/fortran';
import { golang } from './records/golang';
import { haskell } from './records/haskell';
import { java } from './records/java';
import { javascriptNode } from './records/javascript-node';
import { javascriptV8 } from './records/javascript-v8';
import { kotlin } from './records/kotlin';
import { lua } from './records/lua';
import { ocaml } from './records/ocaml';
import { pascal } from './records/pascal';
import { perl } from './records/perl';
import { php } from './records/php';
import { prolog } from './records/prolog';
import { pypy2 } from './records/pypy2';
import { pypy3 } from './records/pypy3';
import { python2 } from './records/python2';
import { python3 } from './records/python3';
import { ruby } from './records/ruby';
import { rust } from './records/rust';
import { scala } from './records/scala';

/**
 * HOJ's whitelist (judging.md §2.1) in HOJ's order, then the languages other judges' problems are written in
 * (issue 11). Whether one is offered here: ./available-languages.
 */
export const languageCatalogue: readonly LanguageRecord[] = [
  cpp,
  cppWithO2,
  cpp17,
  cpp17WithO2,
  cpp20,
  cpp20WithO2,
  c,
  cWithO2,
  python3,
  python2,
  java,
  golang,
  csharp,
  php,
  pypy2,
  pypy3,
  javascriptNode,
  javascriptV8,
  ruby,
  rust,
  kotlin,
  scala,
  haskell,
  ocaml,
  pascal,
  fortran,
  lua,
  perl,
  dLang,
  commonLisp,
  prolog,
];

const byName = new Map(languageCatalogue.map((record) => [record.name, record]));

export function findLanguage(name: string): LanguageRecord | undefined {
  return byName.get(name);
}
