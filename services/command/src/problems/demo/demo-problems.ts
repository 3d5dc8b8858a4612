/**
 * The problems a fresh site starts with (issue 4 deliverable 7), built from the judge's golden fixtures
 * (services/judge/fixtures/problems): the judge's own tests prove each one judges as described.
 */
export interface DemoProblem {
  readonly fixture: string;
  readonly title: string;
  readonly type: 0 | 1;
  readonly difficulty: number;
  readonly judgeMode: 'default' | 'spj' | 'interactive';
  readonly judgeCaseMode: string;
  readonly description: string;
  readonly input: string;
  readonly output: string;
  readonly examples: string;
  readonly hint: string;
  readonly judgeProgramFile?: string;
  /** Files next to the checker source: fixture-relative paths, stored under their base names. */
  readonly judgeExtraFiles?: readonly string[];
  /** Per input name, OI score and subtask group. */
  readonly cases?: Readonly<Record<string, { readonly score: number; readonly groupNum: number }>>;
}

export const demoProblems: readonly DemoProblem[] = [
  {
    fixture: 'a-plus-b',
    title: 'A+B Problem',
    type: 0,
    difficulty: 0,
    judgeMode: 'default',
    judgeCaseMode: 'default',
    description: 'Read two integers $a$ and $b$ and print their sum.',
    input: 'One line with two integers $a$ and $b$ ($|a|, |b| \\le 10^{18}/2$).',
    output: 'One line with $a + b$.',
    examples: '<input>1 2</input><output>3</output>',
    hint: 'The sum may not fit in a 32-bit integer: use `long long` in C and C++.',
  },
  {
    fixture: 'float-division',
    title: 'Float Division (special judge)',
    type: 0,
    difficulty: 1,
    judgeMode: 'spj',
    judgeCaseMode: 'default',
    description: 'Print $a / b$. Any answer within $10^{-6}$ of the true value (absolute or relative) is accepted.',
    input: 'One line with two integers $a$ and $b$ ($b \\ne 0$).',
    output: 'One real number.',
    examples: '<input>1 3</input><output>0.333333333</output>',
    hint: 'A special judge compares with a tolerance, so any number of digits works.',
    judgeProgramFile: 'checker.cpp',
    judgeExtraFiles: ['tolerance.h', '../../checker-includes/verdict-codes.h'],
  },
  {
    fixture: 'guess-number',
    title: 'Guess the Number (interactive)',
    type: 0,
    difficulty: 1,
    judgeMode: 'interactive',
    judgeCaseMode: 'default',
    description:
      'A secret integer lies in $[1, n]$. Print `? x` to ask: the answer is `<` (the secret is smaller), `>` or `=`. ' +
      'Print `! x` to answer. At most 30 queries; flush after every line.',
    input: 'The first line holds $n$ ($1 \\le n \\le 10^9$); then the answers to your queries.',
    output: 'Your queries, then `! x`.',
    examples: '<input>10\n<\n=</input><output>? 5\n? 3\n! 3</output>',
    hint: 'Binary search needs at most 30 queries for $n \\le 10^9$.',
    judgeProgramFile: 'interactor.cpp',
  },
  {
    fixture: 'triangle-sum-lowest',
    title: 'Triangle Sum (OI, subtasks)',
    type: 1,
    difficulty: 2,
    judgeMode: 'default',
    judgeCaseMode: 'subtask_lowest',
    description: 'Print $1 + 2 + \\dots + n$ modulo $10^9 + 7$.',
    input: 'One integer $n$.',
    output: 'The sum modulo $10^9 + 7$.',
    examples: '<input>3</input><output>6</output>',
    hint: 'Subtask 1 (40 points): $n \\le 1000$. Subtask 2 (60 points): $n \\le 10^{12}$. A subtask scores its lowest case.',
    cases: {
      '1.in': { score: 40, groupNum: 1 },
      '2.in': { score: 40, groupNum: 1 },
      '3.in': { score: 60, groupNum: 2 },
      '4.in': { score: 60, groupNum: 2 },
    },
  },
];
