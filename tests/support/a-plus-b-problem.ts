// No vitest here: the benches (tests/e2e/submit-latency.bench.ts) run outside vitest and build the same problem.

export interface APlusBProblem {
  readonly problemId: string;
  readonly title: string;
  /** The sample's expected output: a journey edits it to turn an accepted run into a wrong answer. */
  readonly expectedOutput?: string;
  readonly languages: readonly string[];
  /** The problem's numeric id, for an edit (PUT); absent when creating. */
  readonly id?: number;
}

/** The body of POST/PUT /api/admin/problem for "print a+b", one sample case, judged by the default checker. */
export const aPlusBProblemBody = (problem: APlusBProblem) => ({
  problem: {
    ...(problem.id === undefined ? {} : { id: problem.id }),
    problemId: problem.problemId,
    title: problem.title,
    author: 'root',
    type: 0,
    timeLimit: 1000,
    memoryLimit: 256,
    stackLimit: 128,
    description: 'Print a+b.',
    input: 'a b',
    output: 'a+b',
    examples: '<input>1 2</input><output>3</output>',
    source: '',
    hint: '',
    difficulty: 0,
    auth: 1,
    codeShare: true,
    isRemoveEndBlank: true,
    openCaseResult: true,
    isUploadCase: false,
    judgeMode: 'default',
    judgeCaseMode: 'default',
    isFileIO: false,
  },
  samples: [{ input: '1 2\n', output: problem.expectedOutput ?? '3\n' }],
  isUploadTestCase: false,
  judgeMode: 'default',
  changeJudgeCaseMode: false,
  languages: problem.languages.map((name) => ({ name })),
  tags: [],
  codeTemplates: [],
});
