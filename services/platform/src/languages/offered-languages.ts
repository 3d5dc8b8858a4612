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
  readonly compileCommand: string;
  /** May be a checker or interactor language (judging.md §2.2: C and C++ only). */
  readonly isSpj: boolean;
}

const gpp = (standard: string, optimised: boolean) =>
  `/usr/bin/g++ -DONLINE_JUDGE -w -fmax-errors=1 -std=${standard}${optimised ? ' -O2' : ''} main.cpp -lm -o main`;
const gcc = (optimised: boolean) =>
  `/usr/bin/gcc -DONLINE_JUDGE -w -fmax-errors=1 -std=c11${optimised ? ' -O2' : ''} main.c -lm -o main`;

/** HOJ's order (judging.md §2.1), without the three with no toolchain here (Python2, PyPy2, JavaScript V8). */
export const offeredLanguages: readonly OfferedLanguage[] = [
  {
    id: 1,
    name: 'C++',
    contentType: 'text/x-c++src',
    description: 'G++ 12.2 (c++14)',
    compileCommand: gpp('c++14', false),
    isSpj: true,
  },
  {
    id: 2,
    name: 'C++ With O2',
    contentType: 'text/x-c++src',
    description: 'G++ 12.2 (c++14, -O2)',
    compileCommand: gpp('c++14', true),
    isSpj: false,
  },
  {
    id: 3,
    name: 'C++ 17',
    contentType: 'text/x-c++src',
    description: 'G++ 12.2 (c++17)',
    compileCommand: gpp('c++17', false),
    isSpj: false,
  },
  {
    id: 4,
    name: 'C++ 17 With O2',
    contentType: 'text/x-c++src',
    description: 'G++ 12.2 (c++17, -O2)',
    compileCommand: gpp('c++17', true),
    isSpj: false,
  },
  {
    id: 5,
    name: 'C++ 20',
    contentType: 'text/x-c++src',
    description: 'G++ 12.2 (c++2a)',
    compileCommand: gpp('c++2a', false),
    isSpj: false,
  },
  {
    id: 6,
    name: 'C++ 20 With O2',
    contentType: 'text/x-c++src',
    description: 'G++ 12.2 (c++2a, -O2)',
    compileCommand: gpp('c++2a', true),
    isSpj: false,
  },
  { id: 7, name: 'C', contentType: 'text/x-csrc', description: 'GCC 12.2', compileCommand: gcc(false), isSpj: true },
  {
    id: 8,
    name: 'C With O2',
    contentType: 'text/x-csrc',
    description: 'GCC 12.2 (-O2)',
    compileCommand: gcc(true),
    isSpj: false,
  },
  {
    id: 9,
    name: 'Python3',
    contentType: 'text/x-python',
    description: 'Python 3.11',
    compileCommand: '/usr/bin/python3 -m py_compile main.py',
    isSpj: false,
  },
  {
    id: 10,
    name: 'Java',
    contentType: 'text/x-java',
    description: 'OpenJDK 17',
    compileCommand: 'javac -encoding utf-8 Main.java && jar -cf Main.jar *.class',
    isSpj: false,
  },
  {
    id: 11,
    name: 'Golang',
    contentType: 'text/x-go',
    description: 'Golang 1.19',
    compileCommand: '/usr/bin/go build -o main main.go',
    isSpj: false,
  },
  {
    id: 12,
    name: 'C#',
    contentType: 'text/x-csharp',
    description: 'C# Mono 6.8',
    compileCommand: '/usr/bin/mcs -optimize+ -out:main Main.cs',
    isSpj: false,
  },
  {
    id: 13,
    name: 'PHP',
    contentType: 'text/x-php',
    description: 'PHP 8.2',
    compileCommand: '/usr/bin/php main.php',
    isSpj: false,
  },
  {
    id: 14,
    name: 'PyPy3',
    contentType: 'text/x-python',
    description: 'PyPy 3.9 (7.3)',
    compileCommand: '/usr/bin/pypy3 -m py_compile main.py',
    isSpj: false,
  },
  {
    id: 15,
    name: 'JavaScript Node',
    contentType: 'text/javascript',
    description: 'Node.js 20',
    compileCommand: '/usr/bin/node main.js',
    isSpj: false,
  },
  {
    id: 16,
    name: 'Ruby',
    contentType: 'text/x-ruby',
    description: 'Ruby 3.1',
    compileCommand: '/usr/bin/ruby main.rb',
    isSpj: false,
  },
  {
    id: 17,
    name: 'Rust',
    contentType: 'text/x-rustsrc',
    description: 'Rust 1.63',
    compileCommand: '/usr/bin/rustc -O -o main main.rs',
    isSpj: false,
  },
];

const byName = new Map(offeredLanguages.map((language) => [language.name, language]));
const byId = new Map(offeredLanguages.map((language) => [language.id, language]));

export const findOfferedLanguage = (name: string): OfferedLanguage | undefined => byName.get(name);
export const findOfferedLanguageById = (id: number): OfferedLanguage | undefined => byId.get(id);
