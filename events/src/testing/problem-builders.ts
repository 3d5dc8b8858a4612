import type { z } from 'zod';
import type { StreamEventOf } from '../catalogue/define-stream-events';
import type {
  problemCreatedSchema,
  ProblemDefinition,
  problemDeletedSchema,
  problemEditedSchema,
  ProblemTestCase,
} from '../catalogue/problem';
import type { tagAddedSchema, tagClassificationAddedSchema } from '../catalogue/tag';

const hashOf = (digit: string) => digit.repeat(64);

export const aProblemTestCase = (data: Partial<ProblemTestCase> = {}): ProblemTestCase => ({
  caseId: 1,
  inputName: '1.in',
  outputName: '1.out',
  inputSha256: hashOf('a'),
  outputSha256: hashOf('b'),
  score: 0,
  groupNum: 1,
  manualInput: null,
  manualOutput: null,
  ...data,
});

/** A public ACM A+B problem with one uploaded case. */
export const aProblemDefinition = (data: Partial<ProblemDefinition> = {}): ProblemDefinition => ({
  displayId: '1000',
  title: 'A+B Problem',
  author: 'root',
  type: 'ACM',
  auth: 1,
  difficulty: 0,
  timeLimitMs: 1000,
  memoryLimitMib: 256,
  stackLimitMib: 128,
  description: 'Add two integers.',
  input: 'Two integers a and b.',
  output: 'Their sum.',
  examples: '<input>1 2</input><output>3</output>',
  hint: '',
  source: '',
  ioScore: 100,
  codeShare: true,
  isRemoveEndBlank: true,
  openCaseResult: true,
  judgeMode: 'default',
  judgeCaseMode: 'default',
  judgeProgram: null,
  fileIo: null,
  userExtraFiles: {},
  judgeExtraFiles: {},
  languages: ['C', 'C++', 'Python3'],
  codeTemplates: [],
  tagIds: [],
  isUploadCase: true,
  testCases: [aProblemTestCase()],
  testDataVersion: '1767225600000',
  ...data,
});

export const aProblemCreated = (
  data: Partial<z.infer<typeof problemCreatedSchema>> = {},
): StreamEventOf<{ ProblemCreated: typeof problemCreatedSchema }> => ({
  type: 'ProblemCreated',
  data: {
    problemId: 1000,
    definition: aProblemDefinition(),
    createdBy: 'root',
    creatorId: 'root-uid',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...data,
  },
});

export const aProblemEdited = (
  data: Partial<z.infer<typeof problemEditedSchema>> = {},
): StreamEventOf<{ ProblemEdited: typeof problemEditedSchema }> => ({
  type: 'ProblemEdited',
  data: {
    problemId: 1000,
    definition: aProblemDefinition(),
    editedBy: 'root',
    editedAt: '2026-01-02T00:00:00.000Z',
    ...data,
  },
});

export const aProblemDeleted = (
  data: Partial<z.infer<typeof problemDeletedSchema>> = {},
): StreamEventOf<{ ProblemDeleted: typeof problemDeletedSchema }> => ({
  type: 'ProblemDeleted',
  data: { problemId: 1000, deletedBy: 'root', deletedAt: '2026-01-03T00:00:00.000Z', ...data },
});

export const aTagAdded = (
  data: Partial<z.infer<typeof tagAddedSchema>> = {},
): StreamEventOf<{ TagAdded: typeof tagAddedSchema }> => ({
  type: 'TagAdded',
  data: {
    tagId: 1,
    name: 'math',
    color: '#409EFF',
    oj: 'ME',
    classificationId: null,
    addedAt: '2026-01-01T00:00:00.000Z',
    ...data,
  },
});

export const aTagClassificationAdded = (
  data: Partial<z.infer<typeof tagClassificationAddedSchema>> = {},
): StreamEventOf<{ TagClassificationAdded: typeof tagClassificationAddedSchema }> => ({
  type: 'TagClassificationAdded',
  data: { classificationId: 1, name: 'Basics', oj: 'ME', rank: 0, addedAt: '2026-01-01T00:00:00.000Z', ...data },
});
