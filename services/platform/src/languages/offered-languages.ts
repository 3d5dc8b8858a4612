/* eslint-disable max-lines -- one data row per offered language, kept as one list so ids and order are read in one place. */
/**
 * The languages the site offers, as HOJ's `language` table rows show them (api-core §3 Language) — the data the
 * command and query services need, which may not import @oj/judge. The judge's own records
 * (services/judge/src/languages/registry.ts) say how to run each; its test
 * offered-languages-match.test.ts keeps the two lists in step. Ids are stable: they are HOJ's `lid`s in code
 * templates, so a language is only ever appended.
 */
export interface OfferedLanguage {
  readonly id: number;
  readonly name: string;
  /** CodeMirror/Monaco mode, e.g. "text/x-c++src". */
  readonly contentType: string;
  readonly description: string;
  /** What the help page shows as the compile step; for languages without one, HOJ puts the run command here. */
  readonly compileCommand: string;
  /**
   * How the judge starts the program (not in HOJ's row; its client ignores the extra field). `{memoryMib}` stands
   * for the memory limit after the language factor, in MiB.
   */
  readonly runCommand: string;
  /** May be a checker or interactor language (judging.md §2.2: C and C++ only). */
  readonly isSpj: boolean;
}

const gpp = (standard: string, optimised: boolean) =>
  `/usr/bin/g++ -DONLINE_JUDGE -w -fmax-errors=1 -std=${standard}${optimised ? ' -O2' : ''} main.cpp -lm -o main`;
const jvm = (program: string) =>
  `/usr/bin/java -Dfile.encoding=UTF-8 -Xmx{memoryMib}m -Xss64m -XX:+UseSerialGC ${program}`;
const gcc = (optimised: boolean) =>
  `/usr/bin/gcc -DONLINE_JUDGE -w -fmax-errors=1 -std=c11${optimised ? ' -O2' : ''} main.c -lm -o main`;

/**
 * HOJ's order (judging.md §2.1), without the three with no toolchain here (Python2, PyPy2, JavaScript V8), then the
 * languages added for other judges' problems (issue 11): the judge offers each only once its self-test passes.
 * Haskell (id 20 when it comes) waits for the sandbox to bind GHC's package database.
 */
export const offeredLanguages: readonly OfferedLanguage[] = [
  {
    id: 1,
    name: 'C++',
    contentType: 'text/x-c++src',
    description: 'G++ 12.2 (c++14)',
    compileCommand: gpp('c++14', false),
    runCommand: '/box/main',
    isSpj: true,
  },
  {
    id: 2,
    name: 'C++ With O2',
    contentType: 'text/x-c++src',
    description: 'G++ 12.2 (c++14, -O2)',
    compileCommand: gpp('c++14', true),
    runCommand: '/box/main',
    isSpj: false,
  },
  {
    id: 3,
    name: 'C++ 17',
    contentType: 'text/x-c++src',
    description: 'G++ 12.2 (c++17)',
    compileCommand: gpp('c++17', false),
    runCommand: '/box/main',
    isSpj: false,
  },
  {
    id: 4,
    name: 'C++ 17 With O2',
    contentType: 'text/x-c++src',
    description: 'G++ 12.2 (c++17, -O2)',
    compileCommand: gpp('c++17', true),
    runCommand: '/box/main',
    isSpj: false,
  },
  {
    id: 5,
    name: 'C++ 20',
    contentType: 'text/x-c++src',
    description: 'G++ 12.2 (c++2a)',
    compileCommand: gpp('c++2a', false),
    runCommand: '/box/main',
    isSpj: false,
  },
  {
    id: 6,
    name: 'C++ 20 With O2',
    contentType: 'text/x-c++src',
    description: 'G++ 12.2 (c++2a, -O2)',
    compileCommand: gpp('c++2a', true),
    runCommand: '/box/main',
    isSpj: false,
  },
  {
    id: 7,
    name: 'C',
    contentType: 'text/x-csrc',
    description: 'GCC 12.2',
    compileCommand: gcc(false),
    runCommand: '/box/main',
    isSpj: true,
  },
  {
    id: 8,
    name: 'C With O2',
    contentType: 'text/x-csrc',
    description: 'GCC 12.2 (-O2)',
    compileCommand: gcc(true),
    runCommand: '/box/main',
    isSpj: false,
  },
  {
    id: 9,
    name: 'Python3',
    contentType: 'text/x-python',
    description: 'Python 3.11',
    compileCommand: '/usr/bin/python3 -m py_compile main.py',
    runCommand: '/usr/bin/python3 /box/main.py',
    isSpj: false,
  },
  {
    id: 10,
    name: 'Java',
    contentType: 'text/x-java',
    description: 'OpenJDK 17',
    compileCommand: 'javac -encoding utf-8 Main.java && jar -cf Main.jar *.class',
    runCommand: jvm('-jar /box/Main.jar'),
    isSpj: false,
  },
  {
    id: 11,
    name: 'Golang',
    contentType: 'text/x-go',
    description: 'Golang 1.19',
    compileCommand: '/usr/bin/go build -o main main.go',
    runCommand: '/box/main',
    isSpj: false,
  },
  {
    id: 12,
    name: 'C#',
    contentType: 'text/x-csharp',
    description: 'C# Mono 6.8',
    compileCommand: '/usr/bin/mcs -optimize+ -out:main Main.cs',
    runCommand: '/usr/bin/mono /box/main',
    isSpj: false,
  },
  {
    id: 13,
    name: 'PHP',
    contentType: 'text/x-php',
    description: 'PHP 8.2',
    compileCommand: '/usr/bin/php main.php',
    runCommand: '/usr/bin/php /box/main.php',
    isSpj: false,
  },
  {
    id: 14,
    name: 'PyPy3',
    contentType: 'text/x-python',
    description: 'PyPy 3.9 (7.3)',
    compileCommand: '/usr/bin/pypy3 -m py_compile main.py',
    runCommand: '/usr/bin/pypy3 /box/main.py',
    isSpj: false,
  },
  {
    id: 15,
    name: 'JavaScript Node',
    contentType: 'text/javascript',
    description: 'Node.js 20',
    compileCommand: '/usr/bin/node main.js',
    runCommand: '/usr/bin/node --max-old-space-size={memoryMib} /box/main.js',
    isSpj: false,
  },
  {
    id: 16,
    name: 'Ruby',
    contentType: 'text/x-ruby',
    description: 'Ruby 3.1',
    compileCommand: '/usr/bin/ruby main.rb',
    runCommand: '/usr/bin/ruby /box/main.rb',
    isSpj: false,
  },
  {
    id: 17,
    name: 'Rust',
    contentType: 'text/x-rustsrc',
    description: 'Rust 1.63',
    compileCommand: '/usr/bin/rustc -O -o main main.rs',
    runCommand: '/box/main',
    isSpj: false,
  },
  {
    id: 18,
    name: 'Kotlin',
    contentType: 'text/x-kotlin',
    description: 'Kotlin 1.3 (JVM, OpenJDK 17)',
    compileCommand:
      '/usr/bin/kotlinc -J-Xmx512m -J-XX:+UseSerialGC -J-XX:-PrintWarnings -nowarn main.kt -include-runtime -d main.jar',
    runCommand: jvm('-jar /box/main.jar'),
    isSpj: false,
  },
  {
    id: 19,
    name: 'Scala',
    contentType: 'text/x-scala',
    description: 'Scala 2.11 (OpenJDK 17)',
    compileCommand: '/usr/bin/scalac -J-Xmx512m -J-XX:+UseSerialGC -nowarn -d main.jar Main.scala',
    runCommand: jvm('-cp /usr/share/java/scala-library.jar:/box/main.jar Main'),
    isSpj: false,
  },
  {
    id: 20,
    name: 'Haskell',
    contentType: 'text/x-haskell',
    description: 'GHC 9.0',
    compileCommand: '/usr/bin/ghc -O2 -v0 -o main main.hs',
    runCommand: '/box/main',
    isSpj: false,
  },
  {
    id: 21,
    name: 'OCaml',
    contentType: 'text/x-ocaml',
    description: 'OCaml 4.13 (ocamlopt)',
    compileCommand: '/usr/bin/ocamlopt -o main main.ml',
    runCommand: '/box/main',
    isSpj: false,
  },
  {
    id: 22,
    name: 'Pascal',
    contentType: 'text/x-pascal',
    description: 'Free Pascal 3.2',
    compileCommand:
      "/usr/bin/fpc -n '-Fu/usr/lib/x86_64-linux-gnu/fpc/$fpcversion/units/$fpctarget/*' -O2 -XS -dONLINE_JUDGE -omain main.pas",
    runCommand: '/box/main',
    isSpj: false,
  },
  {
    id: 23,
    name: 'Fortran',
    contentType: 'text/x-fortran',
    description: 'GFortran 12.2',
    compileCommand: '/usr/bin/gfortran -O2 -fmax-errors=1 -o main main.f90',
    runCommand: '/box/main',
    isSpj: false,
  },
  {
    id: 24,
    name: 'Lua',
    contentType: 'text/x-lua',
    description: 'Lua 5.4',
    compileCommand: '/usr/bin/luac5.4 -p main.lua',
    runCommand: '/usr/bin/lua5.4 /box/main.lua',
    isSpj: false,
  },
  {
    id: 25,
    name: 'Perl',
    contentType: 'text/x-perl',
    description: 'Perl 5.36',
    compileCommand: '/usr/bin/perl -c main.pl',
    runCommand: '/usr/bin/perl /box/main.pl',
    isSpj: false,
  },
  {
    id: 26,
    name: 'D',
    contentType: 'text/x-d',
    description: 'GDC 12.2 (D 2.100)',
    compileCommand: '/usr/bin/gdc -O2 -fmax-errors=1 -o main main.d',
    runCommand: '/box/main',
    isSpj: false,
  },
  {
    id: 27,
    name: 'Common Lisp',
    contentType: 'text/x-common-lisp',
    description: 'SBCL 2.2',
    compileCommand: `/usr/bin/sbcl --noinform --non-interactive --no-sysinit --no-userinit --eval '(compile-file "main.lisp")'`,
    runCommand: '/usr/bin/sbcl --dynamic-space-size {memoryMib}MB --control-stack-size 64MB --script /box/main.fasl',
    isSpj: false,
  },
  {
    id: 28,
    name: 'Prolog',
    contentType: 'text/x-prolog',
    description: 'SWI-Prolog 9.0',
    compileCommand: '/usr/bin/swipl -O -q -g main -t halt -o main -c main.pl',
    runCommand: '/box/main',
    isSpj: false,
  },
];

const byName = new Map(offeredLanguages.map((language) => [language.name, language]));
const byId = new Map(offeredLanguages.map((language) => [language.id, language]));

/**
 * HOJ's submit languages with no toolchain here, each after the offered language it follows in HOJ's list: a
 * submission may still name them (HOJ's check), and the live judges' reports then refuse them.
 */
const notOfferedHojLanguagesAfter: Readonly<Record<string, readonly string[]>> = {
  Python3: ['Python2'],
  PHP: ['PyPy2'],
  'JavaScript Node': ['JavaScript V8'],
};

/**
 * Every language name a submission may carry (api-core §4 submit check 2): HOJ's fixed list in HOJ's order, then the
 * languages added for other judges' problems (issue 11). Derived from `offeredLanguages`, the one list, so the
 * judge's catalogue order is kept (offered-languages-match.test.ts checks both against the judge's records).
 */
export const submittableLanguages: readonly string[] = offeredLanguages.flatMap((language) => [
  language.name,
  ...(notOfferedHojLanguagesAfter[language.name] ?? []),
]);

export const findOfferedLanguage = (name: string): OfferedLanguage | undefined => byName.get(name);
export const findOfferedLanguageById = (id: number): OfferedLanguage | undefined => byId.get(id);
